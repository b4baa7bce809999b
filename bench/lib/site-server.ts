// A server with the website's fixture catalogue, for the website benches (no web build needed).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './app-process';
import {
  BENCH_ADMIN_PASSWORD,
  loginHeaders,
  SERVER_MAIN,
  startScript,
  stop,
  waitFor,
} from './server-process';
import { type SiteFixture, seedSite } from './site-fixture';

export type SiteServer = SiteFixture & { base: string; token: string; close(): Promise<void> };

export async function startSiteServer(env: NodeJS.ProcessEnv = {}): Promise<SiteServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quayside-site-'));
  const server = startScript(SERVER_MAIN, [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    QUAYSIDE_DATA_DIR: dataDir,
    QUAYSIDE_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`);
  const token = (await loginHeaders(base))['x-token'];
  const fixture = await seedSite(base, token);
  return {
    ...fixture,
    base,
    token,
    async close() {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
