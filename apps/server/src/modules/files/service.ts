import type { FileInfo } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { type FileStore, sniffMime } from '../../lib/files';
import type { SessionUser } from '../../lib/sessions';
import { readableFiles } from './access';

type FileRow = typeof files.$inferSelect;

export const toFileInfo = (row: FileRow): FileInfo => ({
  id: row.id,
  name: row.name,
  size: row.size,
  mime: row.mime,
});

/** Keeps only the last path segment and drops control characters of a client-given name. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

export async function saveFile(
  db: Db,
  store: FileStore,
  input: { bytes: Buffer; name: string; userId: number | null },
): Promise<FileInfo> {
  const name = cleanFileName(input.name);
  const mime = await sniffMime(input.bytes, name);
  const sha256 = await store.put(input.bytes);
  const [row] = await db
    .insert(files)
    .values({ sha256, name, size: input.bytes.length, mime, createdBy: input.userId })
    .returning();
  return toFileInfo(row!);
}

/**
 * A stored file by id, whoever may read it (404 when there is none). A record that takes in a file
 * the caller names uses `readableFiles` (access.ts) instead, so it cannot take in one they may not read.
 */
export async function findFile(db: Db, id: number): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!row) throw notFound('thingFile');
  return row;
}

/** 400 on `field` unless the file is an image the user may read (SVG can carry script: not an image here). */
export async function assertImageFile(db: Db, user: SessionUser, id: number, field: string): Promise<void> {
  const [row] = await readableFiles(db, user, [id], field);
  if (!row!.mime.startsWith('image/') || row!.mime === 'image/svg+xml') throw invalid(field, 'notAnImage');
}
