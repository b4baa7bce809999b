import { describe, expect, it } from 'vitest';
import { anyInFlight, sendErrorKey, sendStateOf } from './send-state';

const NOW = Date.parse('2026-03-04T10:00:00Z');

describe('sendStateOf (the outbox)', () => {
  it('shows a queued email leaving later as scheduled', () => {
    const at = '2026-03-05T00:00:00.000Z';
    expect(sendStateOf({ send_status: 'queued', send_at: at, send_error: '' }, NOW)).toEqual({
      kind: 'scheduled',
      at,
    });
  });

  it('shows the undo window and the queue as sending', () => {
    const soon = '2026-03-04T10:00:08.000Z';
    expect(sendStateOf({ send_status: 'queued', send_at: soon, send_error: '' }, NOW).kind).toBe('sending');
    expect(sendStateOf({ send_status: 'queued', send_at: null, send_error: '' }, NOW).kind).toBe('sending');
    expect(sendStateOf({ send_status: 'sending', send_at: null, send_error: '' }, NOW).kind).toBe('sending');
  });

  it('carries the reason of a failure', () => {
    expect(
      sendStateOf({ send_status: 'failed', send_at: null, send_error: '550 no such user' }, NOW),
    ).toEqual({
      kind: 'failed',
      error: '550 no such user',
    });
  });

  it('a refused attempt that goes again by itself carries its reason and the next try', () => {
    const at = new Date(NOW + 600_000).toISOString();
    expect(
      sendStateOf(
        { send_status: 'queued', send_at: at, send_error: 'connect ECONNREFUSED 127.0.0.1:1' },
        NOW,
      ),
    ).toEqual({ kind: 'retrying', error: 'connect ECONNREFUSED 127.0.0.1:1', at });
  });

  it('says why in plain words', () => {
    expect(sendErrorKey('connect ECONNREFUSED 127.0.0.1:1')).toBe('compose.why.refused');
    expect(sendErrorKey('451 Greylisted')).toBe('compose.why.later');
    expect(sendErrorKey('550 no such user')).toBe('compose.why.rejected');
    expect(sendErrorKey('Invalid login: 535 5.7.8 bad credentials')).toBe('compose.why.login');
    expect(sendErrorKey('something odd')).toBeNull();
  });

  it('knows sent and incoming mail', () => {
    expect(sendStateOf({ send_status: 'sent', send_at: null, send_error: '' }, NOW).kind).toBe('sent');
    expect(sendStateOf({ send_status: '', send_at: null, send_error: '' }, NOW).kind).toBe('none');
  });

  it('tells whether the list still has to watch for changes', () => {
    expect(anyInFlight([{ send_status: 'sent' }, { send_status: 'queued' }])).toBe(true);
    expect(anyInFlight([{ send_status: 'sent' }, { send_status: 'failed' }])).toBe(false);
  });
});
