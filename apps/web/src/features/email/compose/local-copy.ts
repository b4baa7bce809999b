import { type DraftFields, samePayload } from './draft-fields';

/**
 * The copy of a draft kept in this browser (localStorage), written on every change, so text typed
 * after the last server save survives a crash or a closed tab.
 */
export interface LocalCopy {
  id: number;
  fields: DraftFields;
  /** The server version the edits were made on. */
  baseVersion: string;
  /** When it was last changed (ms). */
  changedAt: number;
}

const PREFIX = 'quayside.draft.';
/** Copies nobody came back for are dropped after this long. */
const KEEP_MS = 30 * 86_400_000;

export const localCopyKey = (id: number) => `${PREFIX}${id}`;

export function readLocalCopy(id: number, storage: Storage = localStorage): LocalCopy | null {
  try {
    const raw = storage.getItem(localCopyKey(id));
    if (!raw) return null;
    const copy = JSON.parse(raw) as LocalCopy;
    return copy && copy.id === id && copy.fields && typeof copy.changedAt === 'number' ? copy : null;
  } catch {
    return null;
  }
}

/** False when the browser refused (storage full or off): the server copy is all there is then. */
export function writeLocalCopy(copy: LocalCopy, storage: Storage = localStorage): boolean {
  try {
    storage.setItem(localCopyKey(copy.id), JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalCopy(id: number, storage: Storage = localStorage): void {
  try {
    storage.removeItem(localCopyKey(id));
  } catch {
    // Storage off: nothing was kept.
  }
}

/** Drops the copies of drafts untouched for a month (sent elsewhere, deleted, forgotten). */
export function pruneLocalCopies(now: number, storage: Storage = localStorage): void {
  try {
    for (const key of Object.keys(storage)) {
      if (!key.startsWith(PREFIX)) continue;
      const copy = readLocalCopy(Number(key.slice(PREFIX.length)), storage);
      if (!copy || now - copy.changedAt > KEEP_MS) storage.removeItem(key);
    }
  } catch {
    // Storage off.
  }
}

/**
 * What to do with the browser's copy when a draft opens:
 * - `none`: no copy, or it says what the server says (drop it);
 * - `offer`: it holds changes made after the server's version (restore is offered);
 * - `older`: the server was saved after the copy's last change (elsewhere): the server wins.
 */
export type LocalCopyDecision = 'none' | 'offer' | 'older' | 'merge';

/** Recipients typed but malformed: the server does not store them, the browser's copy does. */
export const hasUnsavable = (f: Pick<DraftFields, 'to' | 'cc' | 'bcc'>) =>
  [...f.to, ...f.cc, ...f.bcc].some((r) => !r.valid);

/** `merge`: the copy says what the server says, plus malformed recipients to show again (flagged). */
export function decideLocalCopy(
  copy: LocalCopy | null,
  server: { fields: DraftFields; version: string },
): LocalCopyDecision {
  if (!copy) return 'none';
  if (samePayload(copy.fields, server.fields)) return hasUnsavable(copy.fields) ? 'merge' : 'none';
  if (copy.baseVersion === server.version) return 'offer';
  const savedAt = Date.parse(server.version);
  return Number.isNaN(savedAt) || copy.changedAt > savedAt ? 'offer' : 'older';
}
