import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * The POSIX ustar format (what `tar` reads and writes everywhere), for the few regular files of a
 * backup: names under 100 bytes, no links, no long-name extensions.
 */
const BLOCK = 512;

function header(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  const put = (text: string, offset: number, length: number) => h.write(text, offset, length, 'utf8');
  put(name, 0, 100);
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

export type TarWriter = {
  /** Adds a file whose bytes are given whole. */
  add(name: string, bytes: Buffer): void;
  /** Adds a file copied from another file on disk, in chunks. */
  addFile(name: string, source: string, size: number): void;
  close(): void;
};

export function tarWriter(file: string): TarWriter {
  const fd = openSync(file, 'wx');
  const pad = (size: number) => {
    const rest = size % BLOCK;
    if (rest) writeSync(fd, Buffer.alloc(BLOCK - rest));
  };
  return {
    add(name, bytes) {
      writeSync(fd, header(name, bytes.length));
      writeSync(fd, bytes);
      pad(bytes.length);
    },
    addFile(name, source, size) {
      writeSync(fd, header(name, size));
      const src = openSync(source, 'r');
      const chunk = Buffer.alloc(1 << 20);
      let done = 0;
      while (done < size) {
        const n = readSync(src, chunk, 0, Math.min(chunk.length, size - done), done);
        if (n === 0) throw new Error(`tar: ${source} shrank while being copied`);
        writeSync(fd, chunk, 0, n);
        done += n;
      }
      closeSync(src);
      pad(size);
    },
    close() {
      writeSync(fd, Buffer.alloc(BLOCK * 2));
      closeSync(fd);
    },
  };
}

export type TarEntry = {
  name: string;
  size: number /** Reads the entry's bytes in chunks. */;
  chunks(): Generator<Buffer>;
};

/** The entries of a tar file, in order (regular files only). */
export function* readTar(file: string): Generator<TarEntry> {
  const fd = openSync(file, 'r');
  try {
    const h = Buffer.alloc(BLOCK);
    let at = 0;
    for (;;) {
      if (readSync(fd, h, 0, BLOCK, at) < BLOCK)
        throw new Error('tar: the file ends in the middle (truncated backup?)');
      if (h.every((b) => b === 0)) return;
      const text = (start: number, length: number) =>
        h.toString('utf8', start, start + length).replace(/\0.*$/s, '');
      const prefix = text(345, 155);
      const name = (prefix ? `${prefix}/` : '') + text(0, 100);
      const size = Number.parseInt(text(124, 12).trim() || '0', 8);
      const type = text(156, 1);
      const start = at + BLOCK;
      at = start + Math.ceil(size / BLOCK) * BLOCK;
      if (type !== '0' && type !== '') continue;
      yield {
        name,
        size,
        *chunks() {
          const chunk = Buffer.alloc(1 << 20);
          let done = 0;
          while (done < size) {
            const n = readSync(fd, chunk, 0, Math.min(chunk.length, size - done), start + done);
            if (n === 0) throw new Error('tar: the file ends in the middle (truncated backup?)');
            done += n;
            yield chunk.subarray(0, n);
          }
        },
      };
    }
  } finally {
    closeSync(fd);
  }
}
