import type { WebsiteSettings, websiteSettings } from '@quayside/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { get, post } from '@/shared/request';

export type WebsiteSettingsBody = z.input<typeof websiteSettings>;

export const websiteKeys = { settings: ['website', 'settings'] as const };

export function useWebsiteSettings() {
  return useQuery({
    queryKey: websiteKeys.settings,
    queryFn: ({ signal }) => get<WebsiteSettings>('/website/settings/', undefined, { signal }),
  });
}

/** Saves the letterhead and the site's settings together; a refused field is told by the request wrapper. */
export function useSaveWebsiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebsiteSettingsBody) => post<WebsiteSettings>('/website/update_settings/', body),
    onSuccess: (saved) => client.setQueryData(websiteKeys.settings, saved),
  });
}
