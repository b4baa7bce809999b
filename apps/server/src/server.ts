import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { type Config, DEFAULT_ADMIN_PASSWORD } from './config';
import { type Database, migrateDatabase, openPglite, openPostgres } from './db/client';
import type { AppContext } from './lib/context';
import { lockDataDir } from './lib/data-lock';
import { relayEvents } from './lib/event-relay';
import { createEventHub } from './lib/events';
import { createFileStore } from './lib/files';
import { type Jobs, startJobs } from './lib/jobs';
import { startEmailSend } from './modules/email/deliver';
import { startEmailSync } from './modules/email/jobs';
import { registerMaintenanceJobs } from './modules/maintenance/jobs';
import { ensureFirstAdmin } from './modules/users/service';

export type RunningServer = { app: FastifyInstance; database: Database; jobs: Jobs; stop(): Promise<void> };

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
    await ensureFirstAdmin(database.db, config.adminPassword, DEFAULT_ADMIN_PASSWORD);
    const jobs = await startJobs(database, (err) => console.error('[jobs]', err));
    await registerMaintenanceJobs(jobs, database.db);
    const relay = database.pool
      ? await relayEvents(createEventHub(), database.pool, (m, err) =>
          console.error(`[events] ${m}`, err ?? ''),
        )
      : null;
    const events = relay ?? createEventHub();
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      files: createFileStore(config.dataDir),
      events,
      jobs,
    };
    const app = await buildApp(ctx, { logger });
    // Mail sync needs the job queue (account changes are announced on it): started after it.
    const emailSync = await startEmailSync(ctx);
    const emailSend = await startEmailSend(ctx);
    return {
      app,
      database,
      jobs,
      async stop() {
        await emailSync.stop();
        await emailSend?.stop();
        await app.close();
        await jobs.stop();
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
