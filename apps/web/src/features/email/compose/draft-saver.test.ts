import type { Draft } from '@quayside/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '@/shared/request';
import type { DraftFields } from './draft-fields';
import { DraftSaver, type SaverState } from './draft-saver';
import { readLocalCopy } from './local-copy';

const base: DraftFields = {
  account_id: 1,
  to: [{ name: '', address: 'buyer@x.com', valid: true }],
  cc: [],
  bcc: [],
  subject: 'Re: RFQ',
  html: '<p></p>',
  attachment_ids: [],
};
const typed = (text: string): DraftFields => ({ ...base, html: `<p>${text}</p>` });

function setup() {
  let n = 0;
  const save = vi.fn(async (body: { version: string; html: string }) => {
    n += 1;
    return { id: 7, version: `v${n + 1}`, html: body.html } as Draft;
  });
  const states: SaverState[] = [];
  const saver = new DraftSaver(7, 'v1', base, { save, onState: (s) => states.push(s), now: () => 1000 });
  const last = () => states.at(-1);
  return { saver, save, last };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('DraftSaver (autosave)', () => {
  it('saves 1.5 s after typing stops, once, with the version it read', async () => {
    const { saver, save, last } = setup();
    saver.change(typed('H'));
    await vi.advanceTimersByTimeAsync(1000);
    saver.change(typed('Hello'));
    await vi.advanceTimersByTimeAsync(1400);
    expect(save).not.toHaveBeenCalled();
    expect(last()?.status).toBe('dirty');
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[0]).toMatchObject({ id: 7, version: 'v1', html: '<p>Hello</p>' });
    expect(last()).toMatchObject({ status: 'saved', savedAt: 1000 });
    expect(saver.version).toBe('v2');
  });

  it('keeps the returned version for the next save', async () => {
    const { saver, save } = setup();
    saver.change(typed('a'));
    await saver.flush();
    saver.change(typed('ab'));
    await saver.flush();
    expect(save.mock.calls.map((c) => c[0].version)).toEqual(['v1', 'v2']);
  });

  it('does not save what the server already has (the draft as opened, a change undone)', async () => {
    const { saver, save, last } = setup();
    expect(await saver.flush()).toBe(true);
    saver.change(typed('x'));
    saver.change(base);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).not.toHaveBeenCalled();
    expect(last()?.status).toBe('saved');
  });

  it('keeps every change in the browser until the server has it', async () => {
    const { saver } = setup();
    saver.change(typed('typed before a crash'));
    expect(readLocalCopy(7)).toMatchObject({ baseVersion: 'v1', fields: typed('typed before a crash') });
    await saver.flush();
    expect(readLocalCopy(7)).toBeNull();
  });

  it('saves again when typing went on during a save', async () => {
    const { saver, save, last } = setup();
    let release: () => void = () => {};
    save.mockImplementationOnce(
      (body) =>
        new Promise((resolve) => {
          release = () => resolve({ id: 7, version: 'v2', html: body.html } as Draft);
        }),
    );
    saver.change(typed('one'));
    const first = saver.flush();
    saver.change(typed('one two'));
    release();
    await first;
    expect(last()?.status).toBe('dirty');
    expect(readLocalCopy(7)?.baseVersion).toBe('v2');
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[0]).toMatchObject({ version: 'v2', html: '<p>one two</p>' });
  });

  it('stops on draftStale, keeps the text, and overwrites only when told to', async () => {
    const { saver, save, last } = setup();
    save.mockRejectedValueOnce(
      new RequestError('business', 'changed elsewhere', 409, 'CONFLICT', { version: 'v9' }),
    );
    saver.change(typed('mine'));
    expect(await saver.flush()).toBe(false);
    expect(last()).toMatchObject({ status: 'conflict', theirVersion: 'v9' });

    saver.change(typed('mine, more'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(readLocalCopy(7)?.fields.html).toBe('<p>mine, more</p>');

    expect(await saver.keepMine()).toBe(true);
    expect(save.mock.calls[1]?.[0]).toMatchObject({ version: 'v9', html: '<p>mine, more</p>' });
    expect(last()?.status).toBe('saved');
  });

  it('takes the other version when told to load theirs', async () => {
    const { saver, save, last } = setup();
    saver.change(typed('mine'));
    saver.reset('v9', typed('theirs'));
    expect(last()).toMatchObject({ status: 'saved', theirVersion: null });
    expect(readLocalCopy(7)).toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    expect(saver.version).toBe('v9');
  });

  it('reports another failure and tries again on the next flush', async () => {
    const { saver, save, last } = setup();
    save.mockRejectedValueOnce(new RequestError('network', 'Request failed'));
    saver.change(typed('x'));
    expect(await saver.flush()).toBe(false);
    expect(last()).toMatchObject({ status: 'error', error: 'Request failed' });
    expect(readLocalCopy(7)).not.toBeNull();
    expect(await saver.flush()).toBe(true);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves nothing more once sent', async () => {
    const { saver, save } = setup();
    saver.change(typed('x'));
    saver.finish();
    saver.change(typed('xy'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await saver.flush()).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(readLocalCopy(7)).toBeNull();
  });
});
