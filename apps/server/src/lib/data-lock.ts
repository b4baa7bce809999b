import { closeSync, ftruncateSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** fs-native-extensions: an OS lock on an open file (Linux: an open-file-description lock), prebuilt in the package. */
export type NativeLocks = { tryLock(fd: number): boolean; unlock(fd: number): void };

function nativeLocks(): NativeLocks | null {
  try {
    return createRequire(import.meta.url)('fs-native-extensions') as NativeLocks;
  } catch {
    return null; // no prebuilt binary for this platform: the pid + start-time check below
  }
}

const lockedMessage = (dataDir: string, pid: string) =>
  `Another Quayside server (pid ${pid || 'unknown'}) is already using the data directory ${dataDir}. ` +
  'Stop it first, or set QUAYSIDE_DATA_DIR to another folder.';

/**
 * One server per data directory: PGlite has no lock of its own, and a second process writing the same
 * files silently loses committed rows. The lock is the kernel's, held on an open descriptor of
 * `server.lock`, so it ends with the process however it ends (kill -9 too); a PID alone is not
 * enough, since a restarted container's server has the dead one's PID (1). The file's text (pid and
 * start time) only names the holder in the message. `native` null (tests; a platform without the
 * prebuilt lock) checks pid and start time instead.
 */
export function lockDataDir(dataDir: string, native = nativeLocks()): () => void {
  const file = path.join(dataDir, 'server.lock');
  if (!native) return lockByStartTime(file, dataDir);
  const fd = openSync(file, 'a+');
  if (!native.tryLock(fd)) {
    const holder = readFileSync(file, 'utf8').trim().split(' ')[0] ?? '';
    closeSync(fd);
    throw new DataDirLockedError(lockedMessage(dataDir, holder));
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid} ${startTime(process.pid) ?? ''}\n`);
  return () => {
    // Removed while still locked: a process that opened the old file meanwhile finds it locked.
    rmSync(file, { force: true });
    native.unlock(fd);
    closeSync(fd);
  };
}

/**
 * Without the native lock: the file names the holder by pid and the kernel's start time of that
 * process, so a new process that got the same pid is not taken for the holder. Where the start time
 * cannot be read (no /proc), a live pid counts as the holder: refusing to start is the safe mistake.
 */
function lockByStartTime(file: string, dataDir: string): () => void {
  const mine = `${process.pid} ${startTime(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${mine}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === mine) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pid = '', started = ''] = readFileSync(file, 'utf8').trim().split(' ');
      if (holderLives(Number(pid), started)) throw new DataDirLockedError(lockedMessage(dataDir, pid));
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

function holderLives(pid: number, started: string): boolean {
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(pid);
  return now === null || started === '' || now === started;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot (Linux only). */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
