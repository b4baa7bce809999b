import { EventEmitter } from 'node:events';
import type { ImportProgress } from '@quayside/contract';

/** Live events of API.md, sent to browsers over Server-Sent Events. */
export type LiveEvent =
  | { type: 'unread'; data: { count: number } }
  | { type: 'email'; data: { id: number; folder: string } }
  | { type: 'task'; data: { id: number; progress: number } }
  /** A sync of more than one batch: messages stored so far of those found new in this pass. */
  | { type: 'sync'; data: { account_id: number; done: number; total: number } }
  /** A spreadsheet import writing its rows (lib/imports.ts), to the importing user. */
  | { type: 'import'; data: ImportProgress }
  /** The public site's pages changed (products, categories, settings): every instance drops its page cache. */
  | { type: 'site'; data: { at: number } };

/** Who an event is for: one user, or everyone signed in. */
export type Audience = { userId: number } | 'all';
/** The server instances themselves (no user has id 0): relayed like any event, never sent to a browser. */
export const SERVERS = { userId: 0 } as const;

export type EventHub = {
  publish(audience: Audience, event: LiveEvent): void;
  subscribe(userId: number, listener: (event: LiveEvent) => void): () => void;
};

/** In-process hub. Several instances on PostgreSQL relay through LISTEN/NOTIFY (event-relay.ts). */
export function createEventHub(): EventHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(audience, event) {
      emitter.emit(audience === 'all' ? 'all' : `user:${audience.userId}`, event);
    },
    subscribe(userId, listener) {
      emitter.on(`user:${userId}`, listener);
      emitter.on('all', listener);
      return () => {
        emitter.off(`user:${userId}`, listener);
        emitter.off('all', listener);
      };
    },
  };
}
