import type { EmailListItem } from '@quayside/contract';

/** A send time this close is the undo window of "send now", shown as sending rather than scheduled. */
const SCHEDULED_AFTER_MS = 60_000;

/** Where an outgoing email stands, as the outbox shows it. */
export type SendState =
  | { kind: 'scheduled'; at: string }
  | { kind: 'sending' }
  | { kind: 'failed'; error: string }
  | { kind: 'sent' }
  | { kind: 'none' };

export function sendStateOf(
  e: Pick<EmailListItem, 'send_status' | 'send_at' | 'send_error'>,
  now: number,
): SendState {
  switch (e.send_status) {
    case 'queued': {
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

/** True while any row still moves on its own (the list then looks again every few seconds). */
export const anyInFlight = (items: readonly Pick<EmailListItem, 'send_status'>[]) =>
  items.some((e) => e.send_status === 'queued' || e.send_status === 'sending');
