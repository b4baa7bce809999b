import type {
  Draft,
  EmailDetail,
  EmailListItem,
  ListAnswer,
  matchAddressItem,
  SendAnswer,
  SendEmailBody,
  sendAccount,
} from '@quayside/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useFeedback } from '@/shared/feedback';
import { get, post } from '@/shared/request';
import { type BlacklistEntry, emailKeys } from '../api';
import { patchRows } from '../list-cache';
import { blacklistSearchTerm, isBlacklisted } from './blacklist';
import type { DraftPayload } from './draft-fields';

export type SendAccount = z.infer<typeof sendAccount>;
export type AddressMatch = z.infer<typeof matchAddressItem>;

export const composeKeys = {
  draft: (id: number) => ['email', 'draft', id] as const,
  sendAccounts: ['email', 'sendAccounts'] as const,
  match: (q: string) => ['email', 'match', q] as const,
  blacklisted: (term: string) => ['email', 'blacklisted', term] as const,
  draftFiles: (id: number) => ['email', 'draftFiles', id] as const,
};

/** Saves still on their way, per draft: a page opening that draft waits for them first. */
const pendingSaves = new Map<number, Promise<unknown>>();

export function trackSave<T>(id: number, save: Promise<T>): Promise<T> {
  pendingSaves.set(id, save);
  const done = () => {
    if (pendingSaves.get(id) === save) pendingSaves.delete(id);
  };
  save.then(done, done);
  return save;
}

/** GET /api/email/draft/ (after any save of it still running). Quiet: the page says "not found". */
export async function fetchDraft(id: number, signal?: AbortSignal): Promise<Draft> {
  await pendingSaves.get(id)?.catch(() => {});
  return get<Draft>('/email/draft/', { id }, { signal, quiet: true });
}

export function useDraft(id: number) {
  return useQuery({
    queryKey: composeKeys.draft(id),
    queryFn: ({ signal }) => fetchDraft(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // The editor owns the draft once open: no refetch behind its back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** Accounts the user may send from, each with its signature. */
export function useSendAccounts() {
  return useQuery({
    queryKey: composeKeys.sendAccounts,
    queryFn: ({ signal }) => get<SendAccount[]>('/email/get_send_account/', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** Address completion from customers and past correspondents (the caller debounces `q`). */
export function useAddressMatches(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: composeKeys.match(term),
    queryFn: ({ signal }) =>
      get<AddressMatch[]>('/email/match_address/', { q: term }, { signal, quiet: true }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The recipients on the blacklist. The blacklist is admin-only; for anyone else (403) the check
 * quietly finds nothing.
 */
export function useBlacklistedRecipients(addresses: readonly string[]): Set<string> {
  const terms = [...new Set(addresses.map(blacklistSearchTerm))].filter(Boolean);
  const results = useQueries({
    queries: terms.map((term) => ({
      queryKey: composeKeys.blacklisted(term),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        get<ListAnswer<BlacklistEntry>>(
          '/email/black_list/',
          { q: term, page_size: 100 },
          { signal, quiet: true },
        ),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const values = results.flatMap((r) => r.data?.items.map((e) => e.value) ?? []);
  return new Set(addresses.filter((a) => isBlacklisted(a, values)));
}

/**
 * Names and sizes of the files already on a draft (a forward's attachments, or files attached
 * before a reload): the draft answer carries only their ids, the email detail has them.
 */
export function useDraftFiles(id: number, enabled: boolean) {
  return useQuery({
    queryKey: composeKeys.draftFiles(id),
    queryFn: ({ signal }) =>
      get<EmailDetail>('/email/detail/', { id }, { signal, quiet: true }).then((d) => d.attachments),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export const saveDraft = (body: DraftPayload & { id: number; version?: string }) =>
  post<Draft>('/email/save_draft/', body, { quiet: true });

export const sendEmail = (body: SendEmailBody) =>
  post<SendAnswer>('/email/send_email/', body, { quiet: true });

/**
 * A new draft nobody typed into is not kept (its tab was closed, or the page left). `leaving`:
 * the page is unloading (a reload, a closed window), so the call must outlive it.
 */
export const discardBlankDraft = (id: number, leaving = false) =>
  post<null>('/email/delete/', { ids: [id] }, { quiet: true, keepalive: leaving }).catch(() => null);

/** Undo send / unschedule: the email goes back to the drafts (409 once it is on its way). */
export const cancelSend = (id: number) => post<Draft>('/email/cancel_send/', { id }, { quiet: true });

export const retrySend = (ids: number[]) => post<null>('/email/retry_send/', { ids });

/** Retry failed sends; the outbox shows them queued again at once. */
export function useRetrySend() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: (ids: number[]) => retrySend(ids),
    onSuccess: (_data, ids) => {
      void message.success(t('compose.outbox.retried', { count: ids.length }));
      queryClient.setQueriesData<ListAnswer<EmailListItem>>({ queryKey: emailKeys.lists }, (old) =>
        patchRows(old, ids, { send_status: 'queued', send_error: '' }),
      );
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: emailKeys.detail(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.lists }),
  });
}

/** Unschedule (or undo) an email still waiting: it goes back to the drafts and opens in the editor. */
export function useCancelSend() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: (id: number) => cancelSend(id),
    // Too late (already sending or sent): the server says so.
    onError: (err) => void message.error(err.message),
    onSuccess: (_draft, id) => {
      void queryClient.invalidateQueries({ queryKey: emailKeys.lists });
      void queryClient.invalidateQueries({ queryKey: emailKeys.detail(id) });
      navigate(`/email/emailCreate/${id}`);
    },
  });
}
