import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import type { Database } from '../../db/client';
import { createBackup, type Manifest } from './create';

/**
 * The backup door of a running embedded server. PGlite's data directory belongs to one process, so
 * `npm run backup` cannot open it while the server runs: it asks the server instead. The server
 * listens on 127.0.0.1 (a port of the system's choosing) and writes the port and a random token
 * into `<data>/backup-door.json`, readable by its owner only: whoever can read that file can read
 * the database files anyway. A request with the token gets the backup tar, made by the server's
 * own connection in one exclusive transaction (`inTransaction`), so it is consistent while requests
 * keep coming (they wait for the dump).
 */
export const DOOR_FILE = 'backup-door.json';

type DoorInfo = { pid: number; port: number; token: string };

export async function openBackupDoor(
  database: Database,
  dataDir: string,
  log: (message: string, err?: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  let busy = false;
  const server = http.createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401).end('bad token\n');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    if (busy) {
      res.writeHead(409).end('A backup is already being written: try again when it is done.\n');
      return;
    }
    busy = true;
    const work = mkdtempSync(path.join(os.tmpdir(), 'quayside-door-'));
    const file = path.join(work, 'backup.tar');
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      busy = false;
      rmSync(work, { recursive: true, force: true });
    };
    // A client that leaves during the dump (Ctrl-C) must not keep the door busy until a restart.
    res.once('close', done);
    createBackup(database, dataDir, file).then(
      (manifest: Manifest) => {
        const summary = {
          rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
          tables: manifest.tables.length,
          files: Object.keys(manifest.files).length,
        };
        res.writeHead(200, {
          'content-type': 'application/x-tar',
          'x-backup-summary': JSON.stringify(summary),
        });
        if (res.destroyed) return; // the client left while the dump was written
        pipeline(createReadStream(file), res, (err) => {
          if (err && !res.destroyed) log('backup download failed', err);
          done();
        });
      },
      (err: unknown) => {
        done();
        log('backup failed', err);
        if (!res.destroyed) res.writeHead(500).end(`${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const doorFile = path.join(dataDir, DOOR_FILE);
  const info: DoorInfo = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  rmSync(doorFile, { force: true }); // a file left by a killed server keeps its mode: write a new one
  const fd = openSync(doorFile, 'wx', 0o600);
  writeSync(fd, `${JSON.stringify(info)}\n`);
  closeSync(fd);
  return {
    async close() {
      try {
        if ((JSON.parse(readFileSync(doorFile, 'utf8')) as DoorInfo).token === token) rmSync(doorFile);
      } catch {
        // gone already
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * `npm run backup` while the embedded server runs: asks it through its door for the backup and
 * writes it to `outFile`. Null when no door answers (no file, or a server that died).
 */
export async function backupThroughDoor(
  dataDir: string,
  outFile: string,
): Promise<{ rows: number; tables: number; files: number } | null> {
  let info: DoorInfo;
  try {
    info = JSON.parse(readFileSync(path.join(dataDir, DOOR_FILE), 'utf8')) as DoorInfo;
  } catch {
    return null;
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${info.port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${info.token}` },
    });
  } catch {
    return null;
  }
  if (existsSync(outFile)) {
    await res.body?.cancel();
    throw new Error(`${outFile} exists already: choose another name.`);
  }
  if (res.status !== 200 || !res.body) {
    throw new Error(`The running server could not write the backup: ${(await res.text()).trim()}`);
  }
  const partial = `${outFile}.part`;
  const fd = openSync(partial, 'wx');
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) writeSync(fd, chunk);
  } catch (err) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(partial, outFile);
  return JSON.parse(res.headers.get('x-backup-summary') ?? '{}') as {
    rows: number;
    tables: number;
    files: number;
  };
}
