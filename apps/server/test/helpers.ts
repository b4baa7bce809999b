import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, DEFAULT_ADMIN_PASSWORD, loadConfig } from '../src/config';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../src/db/client';
import { users } from '../src/db/schema';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { type Jobs, startJobs } from '../src/lib/jobs';
import { createUser, ensureFirstAdmin } from '../src/modules/users/service';

/** Set to run the whole server suite on a PostgreSQL server instead of the embedded PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
/**
 * The server of the tests that are about PostgreSQL itself (row locks, LISTEN, two instances) and
 * run on it in both passes: TEST_DATABASE_URL's, else the machine's own; without one they fail.
 */
export const POSTGRES_URL = TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDb = { database: Database; drop(): Promise<void> };
/** `postgres`: on POSTGRES_URL's server whatever the pass (the suite's files share a worker's modules). */
export type DatabaseChoice = { postgres?: boolean };

let pgliteTemplate: Blob | undefined;

/**
 * A new, migrated database: in-memory PGlite, or a fresh database on the PostgreSQL server. Both
 * start as a copy of the database global-setup.ts migrated once for the whole suite (PostgreSQL in
 * the PGlite pass, for the few files that ask for it: migrated here).
 */
export async function createTestDatabase(choice: DatabaseChoice = {}): Promise<TestDb> {
  const serverUrl = choice.postgres ? POSTGRES_URL : TEST_DATABASE_URL;
  if (!serverUrl) {
    pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openPglite(undefined, pgliteTemplate);
    return { database, drop: () => database.close() };
  }
  const name = `qs_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  if (!template) await migrateDatabase(database);
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function tempDir(prefix = 'quayside-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(dataDir: string, overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ QUAYSIDE_DATA_DIR: dataDir, QUAYSIDE_LOG_LEVEL: 'silent', ...overrides });
}

/** Apps opened by the running test file, closed (and their databases dropped) after its last test (setup-file.ts). */
const openApps: TestApp[] = [];
export async function closeOpenApps(): Promise<void> {
  for (const app of openApps.splice(0)) await app.close();
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  jobs: Jobs | undefined;
  /** Token of the first admin (admin / admin123). */
  adminToken: string;
  /** Creates a user with the roles and answers its token. */
  userToken(roles: Role[], username?: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * The real app on a new database, closed after the file's tests. `withJobs` also starts pg-boss
 * (a few hundred ms more), for tests of background work.
 */
export async function createTestApp(options: { withJobs?: boolean } & DatabaseChoice = {}): Promise<TestApp> {
  const dataDir = tempDir();
  const config = testConfig(dataDir);
  const { database, drop } = await createTestDatabase(options);
  await ensureFirstAdmin(database.db, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  // The suites act as an admin who has chosen a password: until then only change_password answers.
  await database.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'admin'));
  const jobs = options.withJobs ? await startJobs(database, () => {}) : undefined;
  const app = await buildApp({
    config,
    database,
    db: database.db,
    files: createFileStore(dataDir),
    events: createEventHub(),
    jobs,
  });
  await app.ready();
  const adminToken = await login(app, 'admin', DEFAULT_ADMIN_PASSWORD);
  let n = 0;
  const testApp: TestApp = {
    app,
    database,
    config,
    jobs,
    adminToken,
    async userToken(roles, username = `user${++n}_${roles.join('_') || 'none'}`) {
      await createUser(database.db, { username, password: 'password123', name: username, roles });
      return login(app, username, 'password123');
    },
    async close() {
      await app.close();
      await jobs?.stop();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  openApps.push(testApp);
  return testApp;
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await call(app, 'POST', '/api/login/', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
  return (res.body.data as { token: string }).token;
}

export type CallOptions = {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  ip?: string;
};

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape; each test asserts what it needs
export type AnyBody = { error_status: number; code?: string; msg: string; data?: any; details?: any };

/** One API call through the real app (no network), answering the status and the parsed envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-token'] = options.token;
  const res = await app.inject({
    method,
    url,
    query: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
      : undefined,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  let body: AnyBody;
  try {
    body = res.json() as AnyBody;
  } catch {
    body = { error_status: -1, msg: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res };
}
