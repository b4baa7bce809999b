import type {
  ListAnswer,
  Task,
  TaskAudienceCount,
  TaskListItem,
  TaskRecipient,
  taskAudience,
  taskCreate,
  taskTestSend,
  taskUpdate,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { subscribeEvent } from '@/shared/events';
import { buildUrl, get, post } from '@/shared/request';

export type TaskCreateBody = z.input<typeof taskCreate>;
export type TaskUpdateBody = z.input<typeof taskUpdate>;
export type TaskAudienceBody = z.input<typeof taskAudience>;
export type ListParams = Record<string, string | number>;

export const taskKeys = {
  all: ['tasks'] as const,
  list: (params: ListParams) => ['tasks', 'list', params] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  recipients: (id: number, params: ListParams) => ['tasks', 'recipients', id, params] as const,
};

export const useTaskList = (params: ListParams) =>
  useQuery({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<TaskListItem>>('/task/list/', params, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTask = (id: number) =>
  useQuery({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => get<Task>('/task/detail/', { id }, { signal }),
    enabled: id > 0,
  });

export const useTaskRecipients = (id: number, params: ListParams) =>
  useQuery({
    queryKey: taskKeys.recipients(id, params),
    queryFn: ({ signal }) =>
      get<ListAnswer<TaskRecipient>>('/task/recipients/', { id, ...params }, { signal }),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });

/** Progress as it happens: each SSE `task` event refetches what is shown of the tasks (at most every 500 ms). */
export function useLiveTasks() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeEvent('task', () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      }, 500);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [queryClient]);
}

function useTaskMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export const useCreateTask = () =>
  useTaskMutation((body: TaskCreateBody) =>
    post<Task & { duplicates: string[] }>('/task/create/', body, { quiet: true }),
  );
export const useUpdateTask = () =>
  useTaskMutation((body: TaskUpdateBody) => post<Task>('/task/update/', body));
export type TaskAction = 'start' | 'pause' | 'resume' | 'cancel';
export const useTaskAction = () =>
  useTaskMutation(({ id, action }: { id: number; action: TaskAction }) =>
    post<Task>(`/task/${action}/`, { id }),
  );
export const useRetryTask = () =>
  useTaskMutation((body: { id: number; recipient_ids?: number[] }) => post<Task>('/task/retry/', body));
export const useDeleteTasks = () =>
  useTaskMutation((ids: number[]) => post<{ count: number }>('/task/delete/', { ids }));

export const countAudience = (body: TaskAudienceBody) =>
  post<TaskAudienceCount>('/task/count/', body, { quiet: true });
export const previewTask = (body: { subject: string; html: string; address: string }) =>
  post<{ subject: string; html: string }>('/task/preview/', body);
/** One email of the draft to the sending account's own address, subject "[Test] …"; nothing is counted. */
export const sendTestTask = (body: z.input<typeof taskTestSend>) =>
  post<{ to: string; subject: string }>('/task/test_send/', body, { quiet: true });
export const recipientsExportUrl = (id: number, params: ListParams) =>
  buildUrl('/task/export/', { id, ...params });
