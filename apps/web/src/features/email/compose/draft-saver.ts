import type { Draft } from '@quayside/contract';
import { RequestError } from '@/shared/request';
import { type DraftFields, type DraftPayload, payloadOf } from './draft-fields';
import { clearLocalCopy, hasUnsavable, writeLocalCopy } from './local-copy';

/**
 * Saving a draft as the user types (docs/decisions/email-sending.md): a save goes ~1.5 s after
 * the last change, or at once on flush (blur, hidden page, leaving); each carries the version last
 * read and keeps the one answered. A 409 `draftStale` stops saving until the user chooses (keep
 * mine / load theirs): the typed text is never overwritten nor dropped. Every change is also
 * written to the browser's copy, which is cleared once the server has it all.
 */
export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'error' | 'conflict' | 'sent';

export interface SaverState {
  status: SaveStatus;
  /** When the server last took a save (ms). */
  savedAt: number | null;
  /** The version stored by someone else (status `conflict`). */
  theirVersion: string | null;
  /** Why the last save failed (status `error`). */
  error: string | null;
}

export interface SaverDeps {
  save: (body: DraftPayload & { id: number; version: string }) => Promise<Draft>;
  onState: (state: SaverState) => void;
  now?: () => number;
  storage?: Storage;
  delayMs?: number;
}

export const AUTOSAVE_DELAY_MS = 1500;

const json = (fields: DraftFields) => JSON.stringify(payloadOf(fields));

/** The stored version a 409 draftStale names in its details. */
export function staleVersionOf(err: unknown): string | null {
  if (!(err instanceof RequestError) || err.code !== 'CONFLICT') return null;
  const details = err.details as { version?: unknown } | undefined;
  return typeof details?.version === 'string' ? details.version : null;
}

export class DraftSaver {
  private fields: DraftFields;
  private savedJson: string;
  private currentVersion: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private state: SaverState = { status: 'saved', savedAt: null, theirVersion: null, error: null };
  private readonly now: () => number;
  private readonly storage: Storage | undefined;

  constructor(
    readonly id: number,
    version: string,
    /** The draft as loaded (through the editor, so its HTML compares with what it will produce). */
    loaded: DraftFields,
    private readonly deps: SaverDeps,
  ) {
    this.fields = loaded;
    this.savedJson = json(loaded);
    this.currentVersion = version;
    this.now = deps.now ?? Date.now;
    this.storage = deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  }

  get version(): string {
    return this.currentVersion;
  }

  get current(): DraftFields {
    return this.fields;
  }

  get status(): SaveStatus {
    return this.state.status;
  }

  get dirty(): boolean {
    return json(this.fields) !== this.savedJson;
  }

  private set(patch: Partial<SaverState>) {
    this.state = { ...this.state, ...patch };
    this.deps.onState(this.state);
  }

  private keepLocally() {
    if (!this.storage) return;
    writeLocalCopy(
      { id: this.id, fields: this.fields, baseVersion: this.currentVersion, changedAt: this.now() },
      this.storage,
    );
  }

  /** Every edit: kept in the browser at once, saved to the server when typing pauses. */
  change(fields: DraftFields): void {
    if (this.state.status === 'sent') return;
    this.fields = fields;
    this.keepLocally();
    if (this.state.status === 'conflict') return;
    if (!this.dirty) {
      clearTimeout(this.timer);
      if (!this.inFlight) this.set({ status: 'saved' });
      return;
    }
    if (!this.inFlight) this.set({ status: 'dirty' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.deps.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Saves now when anything is unsaved; true once the server has what is on screen. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    while (this.inFlight) await this.inFlight;
    if (this.state.status === 'conflict' || this.state.status === 'sent') return false;
    if (!this.dirty) return true;
    this.inFlight = this.saveOnce();
    await this.inFlight;
    this.inFlight = null;
    // Read again: the save changed it.
    const after: SaveStatus = this.status;
    if (after === 'conflict' || after === 'error') return false;
    // Typed while the save was on its way: the next one follows the usual pause.
    if (this.dirty) this.change(this.fields);
    return !this.dirty;
  }

  private async saveOnce(): Promise<void> {
    const sending = this.fields;
    const sendingJson = json(sending);
    this.set({ status: 'saving', error: null });
    try {
      const saved = await this.deps.save({
        id: this.id,
        version: this.currentVersion,
        ...payloadOf(sending),
      });
      this.currentVersion = saved.version;
      this.savedJson = sendingJson;
      if (this.storage) {
        // Malformed recipients live only in the browser's copy: keep it while there are any.
        if (this.dirty || hasUnsavable(this.fields)) this.keepLocally();
        else clearLocalCopy(this.id, this.storage);
      }
      this.set({ status: this.dirty ? 'dirty' : 'saved', savedAt: this.now() });
    } catch (err) {
      const theirs = staleVersionOf(err);
      if (theirs) this.set({ status: 'conflict', theirVersion: theirs });
      else this.set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Waits for a save on its way, without starting one. */
  async settle(): Promise<void> {
    clearTimeout(this.timer);
    while (this.inFlight) await this.inFlight;
  }

  /** "Keep mine": overwrite the other version with what is on screen. */
  async keepMine(): Promise<boolean> {
    const theirs = this.state.theirVersion;
    if (this.state.status !== 'conflict' || !theirs) return this.flush();
    this.currentVersion = theirs;
    this.set({ status: 'dirty', theirVersion: null });
    return this.flush();
  }

  /** The server's draft is what is on screen now ("load theirs", a cancelled send). */
  reset(version: string, fields: DraftFields): void {
    clearTimeout(this.timer);
    this.currentVersion = version;
    this.fields = fields;
    this.savedJson = json(fields);
    if (this.storage) clearLocalCopy(this.id, this.storage);
    this.set({ status: 'saved', theirVersion: null, error: null });
  }

  /** Sent or discarded: nothing more is saved, and the browser's copy goes. */
  finish(): void {
    clearTimeout(this.timer);
    if (this.storage) clearLocalCopy(this.id, this.storage);
    this.set({ status: 'sent' });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
