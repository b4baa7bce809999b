import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, rename as renameCb, writeFile as writeFileCb } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { MAX_UPLOAD_BYTES } from '@quayside/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors';

// The callback forms: fs/promises' writeFile goes through a FileHandle and costs several times more
// main-thread time per small file (the mail sync writes one per message).
const writeFile = promisify(writeFileCb);
const rename = promisify(renameCb);

/** Bytes stored once per content under <data>/files/ab/cd/<sha256>. */
export type FileStore = {
  put(bytes: Buffer): Promise<string>;
  open(sha256: string): Readable;
  exists(sha256: string): boolean;
};

export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const where = (sha: string) => path.join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  return {
    async put(bytes) {
      const sha = createHash('sha256').update(bytes).digest('hex');
      const target = where(sha);
      if (!existsSync(target)) {
        // Write then rename, so a crash never leaves a half file under the final name.
        // A name of its own: two writes of the same bytes at once (mail sync) must not share it.
        const tmp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
        try {
          await writeFile(tmp, bytes);
        } catch (err) {
          // The folder is made on its first file only: a mkdir per write cost more than the write.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(tmp, bytes);
        }
        await rename(tmp, target);
      }
      return sha;
    },
    open: (sha) => createReadStream(where(sha)),
    exists: (sha) => existsSync(where(sha)),
  };
}

const textTypes: Record<string, string> = {
  '.csv': 'text/csv',
  '.txt': 'text/plain',
  '.eml': 'message/rfc822',
  '.json': 'application/json',
};

/**
 * The type of the bytes, read from their content; the client's claim is not trusted. Text that no
 * signature matches is text/plain (or csv, eml, json by extension), never HTML, so a download can
 * not become a page of this site.
 */
export async function sniffMime(bytes: Buffer, filename: string): Promise<string> {
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.mime;
  const sample = bytes.subarray(0, 8192);
  if (looksLikeText(sample)) {
    const head = sample.toString('utf8').trimStart().slice(0, 200).toLowerCase();
    if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')))
      return 'image/svg+xml';
    return textTypes[path.extname(filename).toLowerCase()] ?? 'text/plain';
  }
  return 'application/octet-stream';
}

function looksLikeText(sample: Buffer): boolean {
  if (sample.includes(0)) return false;
  return new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD') === false;
}

/** Shown in the page (images, PDF); everything else is a download. SVG can carry script: download only. */
export function isInlineSafe(mime: string): boolean {
  return (mime.startsWith('image/') && mime !== 'image/svg+xml') || mime === 'application/pdf';
}

/** RFC 6266 disposition that keeps non-ASCII names (Chinese file names) intact. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The one file of a multipart request, read whole within the upload cap (over it: 413 TOO_LARGE). */
export async function readUploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  if (!part) throw new AppError('VALIDATION_FAILED', 'noFile');
  return { bytes: await part.toBuffer(), name: part.filename };
}
