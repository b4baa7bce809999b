import type { UserOption } from '@quayside/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Asking, get } from '@/shared/request';
import { useUser } from '@/shared/session';

/**
 * The active users, for pickers of a person (owner, handler, the receiver of a transfer): every
 * signed-in user may ask `/api/user/options/` (the user list itself is admin-only). Callers pass
 * whether their picker needs it. Same cache entry as every other picker (under `users`, which a
 * user change invalidates).
 */
export const staffQuery = (asking: Asking = {}) =>
  queryOptions({
    queryKey: ['users', 'options'],
    queryFn: ({ signal }) =>
      get<UserOption[]>('/user/options/', undefined, { signal, quiet: true, ...asking }),
    staleTime: 60_000,
  });

export function useStaff(enabled: boolean) {
  return useQuery({ ...staffQuery(), enabled });
}

/** How a person is shown in a picker. */
export const staffLabel = (u: Pick<UserOption, 'name' | 'username'>) => u.name || u.username;

/** A picker's choices of people by id (`useStaff(…).data`; none while it loads). */
export const staffOptions = (users: readonly UserOption[] | undefined) =>
  (users ?? []).map((u) => ({ value: u.id, label: staffLabel(u) }));

export type StaffOption = { value: string; label: string };

/**
 * The choices of an owner (or handler) filter: the viewer's own first (`mine`, e.g. "My customers";
 * none without one), then the other active staff by id, whom only an admin may list.
 */
export function useOwnerOptions(mine: StaffOption | null): StaffOption[] {
  const me = useUser();
  const staff = useStaff(Boolean(me?.roles.includes('admin')));
  return [
    ...(mine ? [mine] : []),
    ...(staff.data ?? [])
      .filter((u) => u.id !== me?.id)
      .map((u) => ({ value: String(u.id), label: staffLabel(u) })),
  ];
}
