import { describe, expect, it } from 'vitest';
import { justSentId, outboxAfterSend } from './just-sent';

describe('the outbox opened by a send', () => {
  it('carries the id of the mail just sent, and nothing else counts as one', () => {
    expect(outboxAfterSend(42)).toBe('/email/outbox?sent=42');
    expect(justSentId('?sent=42')).toBe(42);
    expect(justSentId('?q=old&sent=7')).toBe(7);
    expect(justSentId('')).toBeNull();
    expect(justSentId('?sent=abc')).toBeNull();
    expect(justSentId('?sent=-3')).toBeNull();
    expect(justSentId('?sent=1.5')).toBeNull();
  });
});
