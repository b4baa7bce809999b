import type { LookupItem } from '@quayside/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '@/shared/request';
import { type LookupTables, makeLookups } from './lookups';

export const lookupKeys = { all: ['lookups'] as const };

/**
 * Every lookup table (GET /api/lookups/), fetched once per session and kept; labels come in the
 * current language and follow a language switch.
 */
export function useLookups() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { data } = useQuery({
    queryKey: lookupKeys.all,
    queryFn: ({ signal }) => get<Record<string, readonly LookupItem[]>>('/lookups/', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return useMemo(() => makeLookups(data as LookupTables | undefined, lang), [data, lang]);
}
