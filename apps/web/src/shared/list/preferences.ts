import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { get, post } from '@/shared/request';

interface Preference {
  key: string;
  value: unknown;
}

export const preferenceKeys = {
  one: (key: string) => ['preference', key] as const,
};

/**
 * A screen setting remembered per user on the server (GET /api/preference/get/, POST set/).
 * Read once per session; saving shows the new value at once and writes it in the background.
 */
export function usePreference<T>(key: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferenceKeys.one(key),
    queryFn: ({ signal }) => get<Preference>('/preference/get/', { key }, { signal, quiet: true }),
    select: (p) => p.value as T | null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // What the user chose here wins at once, even over a read still on its way.
  const [chosen, setChosen] = useState<{ value: T | null } | null>(null);
  const mutation = useMutation({
    mutationFn: (value: T | null) => post<null>('/preference/set/', { key, value }),
    onSuccess: (_, value) => queryClient.setQueryData<Preference>(preferenceKeys.one(key), { key, value }),
  });
  const { mutate } = mutation;
  const save = useCallback(
    (value: T | null) => {
      setChosen({ value });
      mutate(value);
    },
    [mutate],
  );
  return {
    value: chosen ? chosen.value : (query.data ?? null),
    /** False until the saved value (or its absence) is known. */
    loaded: chosen !== null || query.isSuccess || query.isError,
    save,
  };
}
