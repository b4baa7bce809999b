import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { EventHub } from './events';
import type { FileStore } from './files';
import type { Jobs } from './jobs';
import type { Lifecycle } from './lifecycle';

/** What every module needs, built once at start and reached as `app.ctx`. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
  events: EventHub;
  /** Absent in tests that do not start the queue. */
  jobs: Jobs | undefined;
  /** Stop signal and mail sync state for the readiness check; absent in tests that build the app alone. */
  lifecycle?: Lifecycle;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const contextPlugin = fp(
  async (app: FastifyInstance, ctx: AppContext) => {
    app.decorate('ctx', ctx);
  },
  { name: 'context' },
);
