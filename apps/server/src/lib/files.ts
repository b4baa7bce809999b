import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '@quayside/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, invalid } from './errors';
import { fileWriter } from './file-writer';

/** Bytes stored once per content under <data>/files/ab/<sha256>. */
export type FileStore = {
  put(bytes: Buffer): Promise<string>;
  open(sha256: string): Readable;
  exists(sha256: string): boolean;
};

/** How many recent puts are remembered, so that the same bytes again (a logo in every signature) are not rewritten. */
const RECENT_PUTS = 10_000;

export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files');
  const where = (sha: string) => path.join(root, sha.slice(0, 2), sha);
  // Stores written before 2026-11 used two levels (ab/cd/<sha256>): a new store of a few thousand
  // files made a folder for nearly every file. Those files are still read where they are.
  const legacy = (sha: string) => path.join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  /** Where the file is: the current place, else the older one, else null. */
  const located = (sha: string) => [where(sha), legacy(sha)].find((p) => existsSync(p)) ?? null;
  const recent = new Set<string>();
  return {
    async put(bytes) {
      const sha = createHash('sha256').update(bytes).digest('hex');
      if (recent.has(sha)) return sha;
      // Bytes stored before are simply written again (a rename over the same content): an existence
      // check on every put cost more than the rare rewrite.
      await fileWriter.write(where(sha), bytes);
      if (recent.size >= RECENT_PUTS) recent.clear();
      recent.add(sha);
      return sha;
    },
    // A missing file opens the current place, and the stream reports ENOENT as before.
    open: (sha) => createReadStream(located(sha) ?? where(sha)),
    exists: (sha) => located(sha) !== null,
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

/**
 * The one file (form field `file`) of a multipart request, read whole within the upload cap. Every
 * way the upload can be wrong is the caller's: over the cap 413 TOO_LARGE, not multipart, no file
 * part, a part cut short or a NUL in the file name 400 VALIDATION_FAILED, each naming `file`.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part?.filename) throw invalid('file', 'noFile');
    if (part.filename.includes('\u0000')) throw invalid('file', 'nulCharacter');
    return { bytes: await part.toBuffer(), name: part.filename };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) {
      const limit = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
      throw new AppError('TOO_LARGE', 'tooLarge', { limit }, undefined, 'file');
    }
    // Busboy's own errors (a part terminated early, no boundary, a malformed header) carry no status.
    throw invalid('file', 'badUpload');
  }
}
