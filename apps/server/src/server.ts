import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { type Config, DEFAULT_ADMIN_PASSWORD } from './config';
import { type Database, migrateDatabase, openPglite, openPostgres } from './db/client';
import { openBackupDoor } from './lib/backup/door';
import type { AppContext } from './lib/context';
import { lockDataDir } from './lib/data-lock';
import { relayEvents } from './lib/event-relay';
import { createEventHub } from './lib/events';
import { createFileStore } from './lib/files';
import { type Jobs, startJobs } from './lib/jobs';
import { createLifecycle, type Lifecycle } from './lib/lifecycle';
import { startEmailSend } from './modules/email/deliver';
import { startEmailSync } from './modules/email/jobs';
import { registerMaintenanceJobs } from './modules/maintenance/jobs';
import { startTaskSender } from './modules/tasks/worker';
import { ensureFirstAdmin } from './modules/users/service';

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  jobs: Jobs;
  lifecycle: Lifecycle;
  /**
   * The orderly stop: readiness turns false, the listener closes, requests under way finish (those
   * still running after `shutdownSeconds` are cut), live event streams end, the sends under way
   * finish, then the mail sync, job queue and database close.
   */
  stop(): Promise<void>;
};

/**
 * Start in order: lock the data dir (embedded database), open and migrate the database, create the
 * first admin, start the job queue, then build the app. `listen` is left to the caller.
 */
export async function startServer(
  config: Config,
  logger: FastifyServerOptions['logger'],
): Promise<RunningServer> {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'db'));
    await migrateDatabase(database);
    // The embedded database is this process's alone: `npm run backup` asks it for the backup.
    const backupDoor = database.pglite
      ? await openBackupDoor(database, config.dataDir, (m, err) => console.error(`[backup] ${m}`, err ?? ''))
      : null;
    await ensureFirstAdmin(database.db, config.adminPassword, DEFAULT_ADMIN_PASSWORD);
    const jobs = await startJobs(database, (err) => console.error('[jobs]', err));
    await registerMaintenanceJobs(jobs, database.db);
    const relay = database.pool
      ? await relayEvents(createEventHub(), database.pool, (m, err) =>
          console.error(`[events] ${m}`, err ?? ''),
        )
      : null;
    const events = relay ?? createEventHub();
    const lifecycle = createLifecycle();
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      files: createFileStore(config.dataDir),
      events,
      jobs,
      lifecycle,
    };
    const app = await buildApp(ctx, { logger });
    // Mail sync needs the job queue (account changes are announced on it): started after it.
    const emailSync = await startEmailSync(ctx);
    const emailSend = await startEmailSend(ctx);
    const taskSender = startTaskSender(ctx);
    lifecycle.syncedAccounts = () => emailSync.activeAccounts();
    return {
      app,
      database,
      jobs,
      lifecycle,
      async stop() {
        lifecycle.stopping = true;
        await closeHttp(app, config.shutdownSeconds * 1000);
        await emailSend?.stop();
        await taskSender.stop();
        await emailSync.stop();
        await jobs.stop();
        await backupDoor?.close();
        await relay?.close();
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Stops taking connections and waits for the requests under way (Fastify answers 503 to new ones on
 * kept-alive connections); after `deadlineMs` the connections still open are cut.
 */
async function closeHttp(app: FastifyInstance, deadlineMs: number): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`Requests still running after ${deadlineMs / 1000} s: closing their connections.`);
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
