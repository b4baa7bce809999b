import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/lib/data-lock';
import { tempDir } from './helpers';
import { startServerProcess, waitUntilReady } from './server-process';

// The embedded database's lock: these servers run on PGlite in their data dir whatever the suite's database.
describe('data directory lock of real server processes', () => {
  it('a server killed with SIGKILL as PID 1 is followed by a new PID 1 on the same data directory', async () => {
    const dataDir = tempDir();
    const first = await startServerProcess({ dataDir, newPidNamespace: true });
    await waitUntilReady(first);
    // The lock file names PID 1: the situation of a restarted container.
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toMatch(/^1\b/);

    const second = await startServerProcess({ dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is already using the data directory ${dataDir}`);

    await first.kill9();
    const restarted = await startServerProcess({ dataDir, newPidNamespace: true });
    await waitUntilReady(restarted);
    const res = await fetch(`http://127.0.0.1:${restarted.port}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    expect(res.status).toBe(200);
    await restarted.stop();
    expect(await restarted.exited).toBe(0);
  }, 120_000);
});

describe('data directory lock without the native file lock (pid and start time)', () => {
  const startTime = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };

  it('takes over a lock whose pid lives but started at another time (a reused pid)', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), `1 ${Number(startTime(1)) + 1}\n`);
    const unlock = lockDataDir(dir, null);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(
      `${process.pid} ${startTime(process.pid)}\n`,
    );
    unlock();
  });

  it('refuses while the holder, same pid and start time, lives', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), `${process.ppid} ${startTime(process.ppid)}\n`);
    expect(() => lockDataDir(dir, null)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, null)).toThrow(`(pid ${process.ppid}) is already using the data directory`);
  });
});
