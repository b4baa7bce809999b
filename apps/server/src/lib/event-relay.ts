import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Audience, EventHub, LiveEvent } from './events';
import { type HeldConnection, holdConnection } from './held-connection';

const CHANNEL = 'quayside_events';
/** NOTIFY carries at most 8000 bytes; an event is a few dozen. A bigger one stays on its instance. */
const MAX_PAYLOAD_BYTES = 7900;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** What travels through NOTIFY: the event, whom it is for, and which instance sent it. */
type Relayed = { from: string; audience: Audience; event: LiveEvent };

export type RelayedEventHub = EventHub & { close(): Promise<void> };

/**
 * Several instances on one PostgreSQL: an event published on one reaches the browsers connected to
 * any of them (the instance that syncs an account is often not the one a user's page talks to).
 * Each event goes to this instance's listeners at once and through NOTIFY to the others; a held
 * connection LISTENs and hands on what other instances publish. Live events are hints (the screens
 * also refetch), so one lost while the connection is being replaced is tolerated.
 */
export async function relayEvents(
  local: EventHub,
  pool: pg.Pool,
  log: (message: string, err?: unknown) => void,
): Promise<RelayedEventHub> {
  const instance = randomUUID();
  let listener: HeldConnection | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;

  const receive = (message: pg.Notification) => {
    // A closed relay's connection ends asynchronously: what it still hears is not handed on.
    if (closed || message.channel !== CHANNEL || !message.payload) return;
    try {
      const { from, audience, event } = JSON.parse(message.payload) as Relayed;
      if (from !== instance) local.publish(audience, event);
    } catch (err) {
      log('event relay: unreadable notification', err);
    }
  };

  const listen = async (): Promise<void> => {
    let held: HeldConnection | undefined;
    try {
      held = holdConnection(await pool.connect(), (err) => {
        log('event relay: connection lost', err);
        if (listener === held) listener = null;
        scheduleListen();
      });
      held.client.on('notification', receive);
      await held.client.query(`LISTEN ${CHANNEL}`);
      if (closed) {
        held.release();
        return;
      }
      listener = held;
      retryMs = RETRY_MIN_MS;
    } catch (err) {
      held?.release();
      log('event relay: cannot listen', err);
      scheduleListen();
    }
  };

  const scheduleListen = () => {
    if (closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => void listen(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  await listen();
  return {
    publish(audience, event) {
      local.publish(audience, event);
      const payload = JSON.stringify({ from: instance, audience, event });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return;
      pool
        .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
        .catch((err: unknown) => log('event relay: notify failed', err));
    },
    subscribe: (userId, handler) => local.subscribe(userId, handler),
    async close() {
      closed = true;
      clearTimeout(retry);
      const held = listener;
      listener = null;
      held?.client.off('notification', receive);
      held?.release();
    },
  };
}
