import type { ListAnswer, ResetPassword, User, UserCreate, UserUpdate } from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/shared/request';

/** The list query as the list kit writes it (`listParams`): page, page_size, sort, q, role, disabled. */
export type UserListParams = Record<string, string | number>;

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
};

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<User>>('/user/list/', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useUserMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Form saves are quiet: the form shows field errors next to the fields. */
export const useCreateUser = () =>
  useUserMutation((body: UserCreate) => post<User>('/user/create/', body, { quiet: true }));
export const useUpdateUser = () =>
  useUserMutation((body: UserUpdate) => post<User>('/user/update/', body, { quiet: true }));
export const useResetPassword = () =>
  useUserMutation((body: ResetPassword) => post<null>('/user/reset_password/', body, { quiet: true }));
/** Enable/disable from the list: failures (e.g. the last admin) show as a message. */
export const useSetDisabled = () =>
  useUserMutation((body: { id: number; disabled: boolean }) => post<User>('/user/update/', body));
