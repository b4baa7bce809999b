import type { ListAnswer, User } from '@quayside/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '@/shared/request';

/**
 * The active users, for pickers of a person (owner, handler). The user list is admin-only on the
 * server, so callers pass whether the viewer may ask. Same cache entry as every other picker.
 */
export function useStaff(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'list', { page: 1, page_size: 100, disabled: false }],
    queryFn: ({ signal }) =>
      get<ListAnswer<User>>(
        '/user/list/',
        { page: 1, page_size: 100, disabled: false },
        { signal, quiet: true },
      ),
    enabled,
    staleTime: 60_000,
    select: (d) => d.items,
  });
}

/** How a person is shown in a picker. */
export const staffLabel = (u: Pick<User, 'name' | 'username'>) => u.name || u.username;
