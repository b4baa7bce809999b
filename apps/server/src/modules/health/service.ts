import type { Health } from '@quayside/contract';
import { migrationState } from '../../db/migration-state';
import type { AppContext } from '../../lib/context';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

export const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);

/** Everything a load balancer and an operator want to know, checked afresh on each call. */
export async function checkHealth(ctx: AppContext): Promise<Health> {
  const { database, jobs, lifecycle } = ctx;
  const t0 = performance.now();
  const dbOk = await database.query('SELECT 1').then(
    () => true,
    () => false,
  );
  const latency = Math.round((performance.now() - t0) * 100) / 100;
  const [jobState, migrations] = await Promise.all([
    jobs ? jobs.healthy() : { ok: false, queues: 0 },
    migrationState(database),
  ]);
  const stopping = lifecycle?.stopping ?? false;
  const synced = lifecycle?.syncedAccounts;
  return {
    status: dbOk && jobState.ok ? 'ok' : 'degraded',
    database: { ok: dbOk, kind: database.kind, latency_ms: latency },
    jobs: jobState,
    version,
    uptime_s: uptimeSeconds(),
    ready: dbOk && migrations.ok && jobState.ok && !stopping,
    stopping,
    migrations,
    mail_sync: { started: synced !== undefined, accounts: synced?.() ?? [] },
  };
}

/** Why an instance is not ready, as the names of the failing parts (empty when ready). */
export function notReadyReasons(h: Health): string[] {
  return [
    h.stopping && 'stopping',
    !h.database.ok && 'database',
    !h.migrations.ok && 'migrations',
    !h.jobs.ok && 'jobs',
  ].filter((r): r is string => typeof r === 'string');
}
