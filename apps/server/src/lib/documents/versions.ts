import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentVersions, users } from '../../db/schema';

/**
 * Append-only revisions of business documents: each save inserts the whole content as a new row;
 * no row is ever updated (the table's trigger refuses it) and a version number is taken once (the
 * primary key), so two saves of the same version cannot both land.
 */
export type DocumentKind = 'quotation' | 'order' | 'invoice' | 'packing_list';

export async function appendVersion(
  tx: Db,
  kind: DocumentKind,
  documentId: number,
  version: number,
  content: Record<string, unknown>,
  summary: string,
  userId: number,
): Promise<void> {
  await tx
    .insert(documentVersions)
    .values({ kind, documentId, version, content, summary, createdBy: userId });
}

export async function readVersion(
  db: Db,
  kind: DocumentKind,
  documentId: number,
  version: number,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ content: documentVersions.content })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.kind, kind),
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.version, version),
      ),
    );
  return row?.content;
}

export type VersionRow = {
  version: number;
  summary: string;
  createdAt: Date;
  createdBy: number | null;
  createdByName: string | null;
  total: string;
  currency: string;
};

/** Every version without its content (but its total), newest first. */
export async function listVersions(db: Db, kind: DocumentKind, documentId: number): Promise<VersionRow[]> {
  return db
    .select({
      version: documentVersions.version,
      summary: documentVersions.summary,
      createdAt: documentVersions.createdAt,
      createdBy: documentVersions.createdBy,
      createdByName: users.name,
      total: sql<string>`${documentVersions.content}->>'total'`,
      currency: sql<string>`${documentVersions.content}->>'currency'`,
    })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(and(eq(documentVersions.kind, kind), eq(documentVersions.documentId, documentId)))
    .orderBy(desc(documentVersions.version));
}

/** A version as the history lists it. */
export type VersionEntry<Changes> = {
  version: number;
  created_at: string;
  created_by: number | null;
  created_by_name: string;
  total: string;
  currency: string;
  summary: string;
  /** What changed from the version before; null for the first. */
  changes: Changes | null;
};

/**
 * Every version of a document, newest first, each with what it changed from the one before:
 * `parse` reads a stored content, `changesBetween` compares two (the document's own diff).
 */
export async function versionHistory<Content, Changes>(
  db: Db,
  kind: DocumentKind,
  documentId: number,
  parse: (stored: unknown) => Content,
  changesBetween: (before: Content, after: Content) => Changes,
): Promise<VersionEntry<Changes>[]> {
  const [versions, contents] = await Promise.all([
    listVersions(db, kind, documentId),
    db
      .select({ version: documentVersions.version, content: documentVersions.content })
      .from(documentVersions)
      .where(and(eq(documentVersions.kind, kind), eq(documentVersions.documentId, documentId))),
  ]);
  const byVersion = new Map(contents.map((c) => [c.version, parse(c.content)]));
  const changesOf = (version: number) => {
    const [before, after] = [byVersion.get(version - 1), byVersion.get(version)];
    return before && after ? changesBetween(before, after) : null;
  };
  return versions.map((v) => ({
    version: v.version,
    created_at: v.createdAt.toISOString(),
    created_by: v.createdBy,
    created_by_name: v.createdByName ?? '',
    total: v.total,
    currency: v.currency,
    summary: v.summary,
    changes: changesOf(v.version),
  }));
}

export async function deleteVersions(tx: Db, kind: DocumentKind, documentIds: number[]): Promise<void> {
  for (const id of documentIds) {
    await tx
      .delete(documentVersions)
      .where(and(eq(documentVersions.kind, kind), eq(documentVersions.documentId, id)));
  }
}
