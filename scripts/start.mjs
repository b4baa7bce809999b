#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than the build, then run the server.
// Extra arguments (e.g. --demo) go to the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The Node versions every dependency declares (package.json `engines`, docs/decisions/platform.md). Below
// 20.19 the server cannot load (ESM-only dependencies need require(esm)); 20.19+ runs it but is
// past its end of life and outside what pg-boss and cookie declare: said once at start.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(
    `\nQuayside needs Node 22.13+ or 24+ (this is Node ${process.versions.node}). See README.md.\n`,
  );
  process.exit(1);
}
if (major < 22 || (major === 22 && minor < 13) || major === 23) {
  console.warn(
    `Node ${process.versions.node} is not supported (end of life, or older than what the dependencies declare): use Node 22.13+ or 24+.`,
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(root, 'packages/contract/src'),
];
const needsBuild =
  existsSync(path.join(web, 'index.html')) &&
  (!existsSync(built) ||
    sources.some(
      (s) =>
        existsSync(s) &&
        (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs,
    ));

if (needsBuild && !process.argv.includes('--no-build')) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in this same process (one process, not three): tsx's loader is registered here,
// then main.ts is imported. It reads its flags (e.g. --demo) from process.argv.
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
