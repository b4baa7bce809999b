import { describe, expect, it } from 'vitest';
import { type AttachmentItem, attachedIds, isInlineImage, isTooBig, uploadPercent } from './attachments';

const item = (over: Partial<AttachmentItem>): AttachmentItem => ({
  key: 'k',
  fileId: 1,
  name: 'a.pdf',
  size: 10,
  mime: 'application/pdf',
  status: 'done',
  percent: 100,
  ...over,
});

describe('attachments', () => {
  it('attaches only finished uploads', () => {
    expect(
      attachedIds([
        item({ fileId: 1 }),
        item({ fileId: null, status: 'uploading' }),
        item({ fileId: 3, status: 'error' }),
      ]),
    ).toEqual([1]);
  });

  it('refuses files over the server cap of 25 MB', () => {
    expect(isTooBig(25 * 1024 * 1024)).toBe(false);
    expect(isTooBig(25 * 1024 * 1024 + 1)).toBe(true);
  });

  it('puts small pictures into the text, and attaches big ones and other files', () => {
    expect(isInlineImage({ type: 'image/png', size: 200_000 })).toBe(true);
    expect(isInlineImage({ type: 'image/jpeg', size: 5_000_000 })).toBe(false);
    expect(isInlineImage({ type: 'image/svg+xml', size: 2_000 })).toBe(false);
  });

  it('never shows a full bar before the server has answered', () => {
    expect(uploadPercent(50, 100)).toBe(50);
    expect(uploadPercent(100, 100)).toBe(99);
    expect(uploadPercent(5, 0)).toBe(0);
  });
});
