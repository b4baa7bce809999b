import type { EmailListItem } from '@quayside/contract';

/** A send time this close is the undo window of "send now", shown as sending rather than scheduled. */
const SCHEDULED_AFTER_MS = 60_000;

/** Where an outgoing email stands, as the outbox shows it. */
export type SendState =
  | { kind: 'scheduled'; at: string }
  | { kind: 'sending' }
  | { kind: 'failed'; error: string }
  /** A refused attempt: it goes again by itself at `at` (the earliest moment of the backoff). */
  | { kind: 'retrying'; error: string; at: string | null }
  | { kind: 'sent' }
  | { kind: 'none' };

export function sendStateOf(
  e: Pick<EmailListItem, 'send_status' | 'send_at' | 'send_error'>,
  now: number,
): SendState {
  switch (e.send_status) {
    case 'queued': {
      if (e.send_error) return { kind: 'retrying', error: e.send_error, at: e.send_at };
      const at = e.send_at ? Date.parse(e.send_at) : Number.NaN;
      return e.send_at && at - now > SCHEDULED_AFTER_MS
        ? { kind: 'scheduled', at: e.send_at }
        : { kind: 'sending' };
    }
    case 'sending':
      return { kind: 'sending' };
    case 'failed':
      return { kind: 'failed', error: e.send_error };
    case 'sent':
      return { kind: 'sent' };
    default:
      return { kind: 'none' };
  }
}

/** Plain words for a server's refusal (the raw text stays at hand): the i18n key, or null. */
export function sendErrorKey(error: string): string | null {
  const text = error.toLowerCase();
  if (/econnrefused/.test(text)) return 'compose.why.refused';
  if (/etimedout|timeout|timed out/.test(text)) return 'compose.why.timeout';
  if (/enotfound|eai_again|getaddrinfo/.test(text)) return 'compose.why.notFound';
  if (/eauth|invalid login|authentication|^535|\b535\b/.test(text)) return 'compose.why.login';
  if (/econnreset|socket|closed|epipe/.test(text)) return 'compose.why.dropped';
  if (/cert|tls|ssl/.test(text)) return 'compose.why.tls';
  if (/^\s*4\d\d\b/.test(text)) return 'compose.why.later';
  if (/^\s*5\d\d\b/.test(text)) return 'compose.why.rejected';
  return null;
}

/** True while any row still moves on its own (the list then looks again every few seconds). */
export const anyInFlight = (items: readonly Pick<EmailListItem, 'send_status'>[]) =>
  items.some((e) => e.send_status === 'queued' || e.send_status === 'sending');
