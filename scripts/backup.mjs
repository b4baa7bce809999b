#!/usr/bin/env node
// `npm run backup -- [FILE]` / `npm run restore -- FILE`: runs the server's backup code (apps/server/src/lib/backup).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, file] = process.argv.slice(2);
const args = [path.join(root, 'apps/server/src/lib/backup/cli.ts'), command];
// Paths are the user's, relative to where they ran npm (INIT_CWD), not to the workspace.
const cwd = process.env.INIT_CWD ?? process.cwd();
if (file) args.push(path.resolve(cwd, file));
const tsx = path.join(root, 'node_modules/.bin/tsx');
const result = spawnSync(tsx, args, { stdio: 'inherit', cwd });
process.exit(result.status ?? 1);
