import type {
  blacklistEntry,
  Customer,
  EmailAccount,
  EmailDetail,
  EmailListItem,
  emailAccountBody,
  IpInfo,
  ListAnswer,
  testAccountAnswer,
} from '@quayside/contract';
import {
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { subscribeEvent } from '@/shared/events';
import { get, post } from '@/shared/request';
import { actionEffect, actionRequest, type EmailAction } from './actions';
import { anyInFlight } from './compose/send-state';
import { dropRows, patchRows } from './list-cache';

export type BlacklistEntry = z.infer<typeof blacklistEntry>;
export type AccountTest = z.infer<typeof testAccountAnswer>;
/** What the account form sends: passwords only when typed (empty keeps the stored one). */
export type AccountInput = z.input<typeof emailAccountBody>;
type ListParams = Record<string, string | number>;

export const emailKeys = {
  all: ['email'] as const,
  unread: ['email', 'unread'] as const,
  lists: ['email', 'list'] as const,
  list: (params: ListParams) => ['email', 'list', params] as const,
  details: ['email', 'detail'] as const,
  detail: (id: number) => ['email', 'detail', id] as const,
  history: (address: string, page: number) => ['email', 'history', address, page] as const,
  accounts: ['email', 'accounts'] as const,
  blacklist: (params: ListParams) => ['email', 'blacklist', params] as const,
  ip: (ip: string) => ['email', 'ip', ip] as const,
};

/**
 * Unread count of the top bar (spec §4): fetched at start; an `unread` event carries the new count,
 * taken as it is (refetched only when the event has none).
 */
export function useUnreadCount(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeEvent('unread', (data) => {
      const count = (data as { count?: unknown } | null)?.count;
      if (typeof count === 'number') queryClient.setQueryData(emailKeys.unread, { count });
      else void queryClient.invalidateQueries({ queryKey: emailKeys.unread });
    });
  }, [enabled, queryClient]);
  return useQuery({
    queryKey: emailKeys.unread,
    queryFn: ({ signal }) => get<{ count: number }>('/email/unread/', undefined, { signal, quiet: true }),
    select: (d) => d.count,
    enabled,
  });
}

/** One folder's page of emails (GET /api/email/list/). */
export function useEmailList(params: ListParams) {
  return useQuery({
    queryKey: emailKeys.list(params),
    queryFn: ({ signal }) => get<ListAnswer<EmailListItem>>('/email/list/', params, { signal }),
    placeholderData: keepPreviousData,
    // Outgoing mail moves on by itself (queued → sending → sent or failed): watch it while it does.
    refetchInterval: (query) => (anyInFlight(query.state.data?.items ?? []) ? IN_FLIGHT_POLL_MS : false),
  });
}

const IN_FLIGHT_POLL_MS = 4000;

/** Refreshes the open lists when mail arrives (`email`) or read state changes elsewhere (`unread`). */
export function useLiveEmailLists() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A sync that stores fifty messages sends a burst of events: one refetch is enough.
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: emailKeys.lists }), 250);
    };
    const offEmail = subscribeEvent('email', refresh);
    const offUnread = subscribeEvent('unread', refresh);
    return () => {
      clearTimeout(timer);
      offEmail();
      offUnread();
    };
  }, [queryClient]);
}

/** One email with its body; the server marks it read, and the lists on screen show that at once. */
export function useEmailDetail(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: emailKeys.detail(id),
    queryFn: ({ signal }) => get<EmailDetail>('/email/detail/', { id }, { signal, quiet: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const loaded = query.data?.id;
  useEffect(() => {
    if (loaded === undefined) return;
    queryClient.setQueriesData<ListAnswer<EmailListItem>>({ queryKey: emailKeys.lists }, (old) =>
      patchRows(old, [loaded], { is_read: true }),
    );
  }, [loaded, queryClient]);
  return query;
}

/** Every email with an address, both directions (GET /api/email/history/). */
export function useEmailHistory(address: string, page: number, enabled = true) {
  return useQuery({
    queryKey: emailKeys.history(address, page),
    queryFn: ({ signal }) =>
      get<ListAnswer<EmailListItem>>(
        '/email/history/',
        { address, page, page_size: 10 },
        { signal, quiet: true },
      ),
    placeholderData: keepPreviousData,
    enabled: enabled && address.includes('@'),
  });
}

/**
 * Runs a bulk action. The rows on screen change at once (and go back if the server refuses);
 * the lists and details are fetched again afterwards.
 */
export function useEmailAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: EmailAction) => {
      const { path, body } = actionRequest(action);
      return post<null>(path, body);
    },
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: emailKeys.lists });
      const before = queryClient.getQueriesData<ListAnswer<EmailListItem>>({ queryKey: emailKeys.lists });
      const effect = actionEffect(action);
      queryClient.setQueriesData<ListAnswer<EmailListItem>>({ queryKey: emailKeys.lists }, (old) =>
        effect === 'leave' ? dropRows(old, action.ids) : patchRows(old, action.ids, effect),
      );
      if (effect !== 'leave') {
        for (const id of action.ids) {
          queryClient.setQueryData<EmailDetail>(emailKeys.detail(id), (old) => old && { ...old, ...effect });
        }
      }
      return { before };
    },
    onError: (_err, _action, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key as QueryKey, data);
    },
    onSettled: (_data, _err, action) => {
      void queryClient.invalidateQueries({ queryKey: emailKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['email', 'history'] });
      for (const id of action.ids) void queryClient.invalidateQueries({ queryKey: emailKeys.detail(id) });
    },
  });
}

/** Where the sender's IP is (GET /api/get_ip_info/); addresses do not move, so it is kept. */
export function useIpInfo(ip: string) {
  return useQuery({
    queryKey: emailKeys.ip(ip),
    queryFn: ({ signal }) => get<IpInfo>('/get_ip_info/', { ip }, { signal, quiet: true }),
    enabled: ip !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The mail accounts (admin); `live` keeps their sync state fresh while the accounts screen is open. */
export function useEmailAccounts(options: { live?: boolean } = {}) {
  return useQuery({
    queryKey: emailKeys.accounts,
    queryFn: ({ signal }) => get<EmailAccount[]>('/email/get_email_account_detail/', undefined, { signal }),
    staleTime: 30_000,
    refetchInterval: options.live ? 10_000 : false,
  });
}

export type SyncProgress = { done: number; total: number };

/**
 * Progress of the big syncs running now, by account id, from the live `sync` events. The first event
 * of a sync refreshes the accounts (one connected elsewhere gets its row); the last (done = total)
 * clears its entry and refreshes their "synced" time.
 */
export function useSyncProgress(): ReadonlyMap<number, SyncProgress> {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ReadonlyMap<number, SyncProgress>>(new Map());
  useEffect(() => {
    const running = new Map<number, SyncProgress>();
    return subscribeEvent('sync', (data) => {
      const event = data as { account_id?: unknown; done?: unknown; total?: unknown } | null;
      const { account_id: id, done, total } = event ?? {};
      if (typeof id !== 'number' || typeof done !== 'number' || typeof total !== 'number') return;
      const refresh = !running.has(id) || done >= total;
      if (done >= total) running.delete(id);
      else running.set(id, { done, total });
      setProgress(new Map(running));
      if (refresh) void queryClient.invalidateQueries({ queryKey: emailKeys.accounts });
    });
  }, [queryClient]);
  return progress;
}

export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountInput) =>
      post<EmailAccount>('/email/update_email_account/', body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.accounts }),
  });
}

export function useTestAccount() {
  return useMutation({
    mutationFn: (body: AccountInput) =>
      post<AccountTest>('/email/test_email_account/', body, { quiet: true, timeout: 90_000 }),
  });
}

export function useBlacklist(params: ListParams) {
  return useQuery({
    queryKey: emailKeys.blacklist(params),
    queryFn: ({ signal }) => get<ListAnswer<BlacklistEntry>>('/email/black_list/', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAddToBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { value: string; remark?: string }) =>
      post<BlacklistEntry>('/email/add_black_list/', body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['email', 'blacklist'] }),
  });
}

export function useRemoveFromBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => post<null>('/email/remove_black_list/', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['email', 'blacklist'] }),
  });
}

/** A customer's card (after creating one from a sender). */
export function useCustomerCard(id: number | null) {
  return useQuery({
    queryKey: ['customers', 'detail', id],
    queryFn: ({ signal }) => get<Customer>('/customer/detail/', { id }, { signal, quiet: true }),
    enabled: id !== null,
  });
}

/** POST /api/customer/create/ with the sender's details; quiet: the dialog shows what went wrong. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => post<Customer>('/customer/create/', body, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}

export type ComposeMode = 'new' | 'reply' | 'reply_all' | 'forward';

/** The compose call under way, whichever page made it (ComposeOverlay shows it). */
export const COMPOSE_MUTATION = ['email', 'compose'] as const;

/**
 * Compose (spec §4): the server makes a draft (a reply or forward filled in from its source, or a new
 * email to `to`) and answers its id; the user goes on to /email/emailCreate/{id}. While it works,
 * the overlay of the layout says so.
 */
export function useCompose() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: COMPOSE_MUTATION,
    mutationFn: (q: { mode: ComposeMode; id?: number; to?: string }) =>
      get<{ id: number; version: string }>('/email/compose/', q),
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: emailKeys.lists });
      navigate(`/email/emailCreate/${id}`);
    },
  });
  const { mutate } = mutation;
  return {
    compose: (mode: ComposeMode, id?: number) => mutate({ mode, ...(id ? { id } : {}) }),
    /** A new email to this address (the customer page). */
    composeTo: (to: string) => mutate({ mode: 'new', to }),
    pending: mutation.isPending,
  };
}
