import { describe, expect, it } from 'vitest';
import type { DraftFields } from './draft-fields';
import {
  clearLocalCopy,
  decideLocalCopy,
  type LocalCopy,
  pruneLocalCopies,
  readLocalCopy,
  writeLocalCopy,
} from './local-copy';

const fields = (html: string): DraftFields => ({
  account_id: 1,
  to: [{ name: '', address: 'a@b.com', valid: true }],
  cc: [],
  bcc: [],
  subject: 'Offer',
  html,
  attachment_ids: [],
});
const V1 = '2026-03-02T10:00:00.000Z';
const V2 = '2026-03-02T10:05:00.000Z';
const copy = (html: string, baseVersion: string, changedAt: string): LocalCopy => ({
  id: 7,
  fields: fields(html),
  baseVersion,
  changedAt: Date.parse(changedAt),
});

describe('decideLocalCopy (on opening a draft)', () => {
  it('has nothing to offer without a copy, or when it says what the server says', () => {
    expect(decideLocalCopy(null, { fields: fields('<p>x</p>'), version: V1 })).toBe('none');
    expect(decideLocalCopy(copy('<p>x</p>', V1, V2), { fields: fields('<p>x</p>'), version: V2 })).toBe(
      'none',
    );
  });

  it('offers text typed after the last save of this version (a crash, a closed tab)', () => {
    const local = copy('<p>typed after the save</p>', V1, '2026-03-02T10:00:03.000Z');
    expect(decideLocalCopy(local, { fields: fields('<p>typed</p>'), version: V1 })).toBe('offer');
  });

  it('offers a copy changed after a newer save made elsewhere', () => {
    const local = copy('<p>mine</p>', V1, '2026-03-02T10:06:00.000Z');
    expect(decideLocalCopy(local, { fields: fields('<p>theirs</p>'), version: V2 })).toBe('offer');
  });

  it('lets a later server save win over an older copy', () => {
    const local = copy('<p>mine</p>', V1, '2026-03-02T10:01:00.000Z');
    expect(decideLocalCopy(local, { fields: fields('<p>theirs</p>'), version: V2 })).toBe('older');
  });

  it('brings back a malformed address that never reaches the server, as typed (issue 15)', () => {
    const local = copy('<p>x</p>', V1, V2);
    expect(decideLocalCopy(local, { fields: fields('<p>x</p>'), version: V2 })).toBe('none');
    local.fields.to.push({ name: '', address: 'oops', valid: false });
    expect(decideLocalCopy(local, { fields: fields('<p>x</p>'), version: V2 })).toBe('merge');
  });
});

describe('local copy storage', () => {
  it('writes, reads and clears a copy per draft', () => {
    const c = copy('<p>x</p>', V1, V2);
    expect(writeLocalCopy(c)).toBe(true);
    expect(readLocalCopy(7)).toEqual(c);
    expect(readLocalCopy(8)).toBeNull();
    clearLocalCopy(7);
    expect(readLocalCopy(7)).toBeNull();
  });

  it('reports a full storage instead of throwing', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writeLocalCopy(copy('<p>x</p>', V1, V2), full)).toBe(false);
  });

  it('drops copies untouched for a month and broken ones', () => {
    writeLocalCopy({ ...copy('<p>old</p>', V1, V2), id: 1 });
    writeLocalCopy({ ...copy('<p>new</p>', V1, V2), id: 2, changedAt: Date.parse(V2) + 40 * 86_400_000 });
    localStorage.setItem('quayside.draft.3', '{broken');
    localStorage.setItem('unrelated', 'kept');
    pruneLocalCopies(Date.parse(V2) + 45 * 86_400_000);
    expect(readLocalCopy(1)).toBeNull();
    expect(readLocalCopy(2)).not.toBeNull();
    expect(localStorage.getItem('quayside.draft.3')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
