import type pg from 'pg';

export type HeldConnection = { client: pg.PoolClient; release: () => void };

/**
 * A connection held out of the pool for what lives on the connection itself (LISTEN, session-level
 * advisory locks). It is released once and then closed, never pooled: a pooled one would keep
 * listening or locking, and keep our error handler, which released it a second time when the
 * server later ended it (pg-pool throws on that). `lost`: the server or the network ended it first;
 * it is already released then.
 */
export function holdConnection(client: pg.PoolClient, lost: (err: Error) => void): HeldConnection {
  let released = false;
  const release = (err: Error | true) => {
    if (released) return false;
    released = true;
    client.off('error', onError);
    // Errors of a connection on its way out (the server ends it) are expected and not reported.
    client.on('error', () => undefined);
    client.release(err);
    return true;
  };
  const onError = (err: Error) => {
    if (release(err)) lost(err);
  };
  client.on('error', onError);
  return { client, release: () => void release(true) };
}
