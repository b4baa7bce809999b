import { Worker } from 'node:worker_threads';

/**
 * Writes files on a thread of their own, with the blocking calls. Measured here (bench/file-writes.ts),
 * a small file written in place costs half the CPU of the same write through libuv's thread pool,
 * whose hand-offs dominate; and on this thread the writes leave the event loop free. The mail sync
 * writes one or more files per message, and its main thread is what limits it.
 *
 * Each file is written under a temporary name and renamed, so that a crash never leaves a half file
 * under the final name; its folder is made on the first ENOENT.
 */
export type FileWriter = { write(target: string, bytes: Uint8Array): Promise<void> };

// The worker's whole program, plain CommonJS: it runs without the TypeScript loader.
const program = `
const { parentPort } = require('node:worker_threads');
const { mkdirSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
parentPort.on('message', ({ id, target, bytes }) => {
  const tmp = target + '.' + process.pid + '.' + id + '.tmp';
  try {
    try {
      writeFileSync(tmp, bytes);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(tmp, bytes);
    }
    renameSync(tmp, target);
    parentPort.postMessage({ id });
  } catch (err) {
    rmSync(tmp, { force: true });
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

type Pending = { resolve(): void; reject(err: Error): void };

/** One writer thread for the process, started on the first write; it holds the process only while writing. */
function createFileWriter(): FileWriter {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const start = () => {
    const w = new Worker(program, { eval: true });
    w.on('message', ({ id, error }: { id: number; error?: string }) => {
      const p = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) w.unref();
      if (error) p?.reject(new Error(error));
      else p?.resolve();
    });
    // A thread that died fails what it had; the next write starts another.
    const fail = (err: Error) => {
      if (worker === w) worker = null;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`file writer stopped (${code})`)));
    return w;
  };

  return {
    write(target, bytes) {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      // A copy with a buffer of its own, handed over without a second copy; a Buffer is often a view
      // into a bigger one, which posting would clone whole.
      const own = Uint8Array.prototype.slice.call(bytes);
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, target, bytes: own }, [own.buffer]);
      });
    },
  };
}

export const fileWriter = createFileWriter();
