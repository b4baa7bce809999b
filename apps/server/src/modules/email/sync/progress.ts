import { accountAudience } from '../unread';
import type { SyncEnv } from './types';

/**
 * How far a pass over an account has come, told live (event `sync`) to the people who see the
 * account's mail, so that a first sync of a big mailbox shows its progress. A pass that finds no more
 * than one batch of new mail says nothing: that is the everyday poll. Events go out at most once per
 * `progressEveryMs`, and once more when the pass ends (done = total), which clears the display.
 */
export type SyncProgress = {
  /** New messages found in a folder, to be fetched in this pass. */
  found(count: number): void;
  /** Messages of this pass handled (stored or linked) in a committed batch. */
  handled(count: number): void;
  /** The pass is over, whether it reached the end or failed. */
  finish(): Promise<void>;
};

export const DEFAULT_PROGRESS_EVERY_MS = 1000;

export function createSyncProgress(env: SyncEnv, accountId: number): SyncProgress {
  // Who sees the account, read once for the pass (on its first event), not once per event.
  let audience: Promise<number[]> | undefined;
  let total = 0;
  let done = 0;
  let lastAt = 0;
  let sending: Promise<void> = Promise.resolve();

  const tell = () => {
    lastAt = Date.now();
    const data = { account_id: accountId, done: Math.min(done, total), total };
    // One after another, so that the last word is the last event.
    sending = sending
      .then(async () => {
        audience ??= accountAudience(env.db, accountId);
        for (const userId of await audience) env.events.publish({ userId }, { type: 'sync', data });
      })
      .catch((err: unknown) => {
        audience = undefined;
        env.log('sync progress', err);
      });
  };

  return {
    found(count) {
      total += count;
    },
    handled(count) {
      done += count;
      if (total <= env.options.batchSize) return;
      if (Date.now() - lastAt >= (env.options.progressEveryMs ?? DEFAULT_PROGRESS_EVERY_MS)) tell();
    },
    async finish() {
      // Only a pass that has told something says that it is over.
      if (lastAt > 0) {
        done = total;
        tell();
      }
      await sending;
    },
  };
}
