import { describe, expect, it } from 'vitest';
import type { DraftFields } from './draft-fields';
import { sendChecks, sendFieldOf } from './send-checks';

const fields = (over: Partial<DraftFields> = {}): DraftFields => ({
  account_id: 1,
  to: [{ name: '', address: 'buyer@x.com', valid: true }],
  cc: [],
  bcc: [],
  subject: 'Offer',
  html: '<p>Hello</p>',
  attachment_ids: [],
  ...over,
});

describe('sendChecks', () => {
  it('lets a complete email go', () => {
    expect(sendChecks(fields(), 0)).toEqual({ errors: {}, questions: [] });
  });

  it('needs a recipient somewhere (Bcc alone is enough)', () => {
    expect(sendChecks(fields({ to: [] }), 0).errors).toEqual({ to: { key: 'noRecipient' } });
    expect(
      sendChecks(fields({ to: [], bcc: [{ name: '', address: 'a@b.com', valid: true }] }), 0).errors,
    ).toEqual({});
  });

  it('names the malformed addresses on their field', () => {
    const cc = [
      { name: '', address: 'x@', valid: false },
      { name: '', address: 'y z', valid: false },
    ];
    expect(sendChecks(fields({ cc }), 0).errors).toEqual({
      cc: { key: 'badAddress', values: { list: 'x@, y z', count: 2 } },
    });
  });

  it('asks about an empty subject and a mentioned but missing attachment', () => {
    expect(sendChecks(fields({ subject: ' ', html: '<p>See the attached list</p>' }), 0).questions).toEqual([
      'noSubject',
      'noAttachment',
    ]);
    expect(sendChecks(fields({ html: '<p>See the attached list</p>' }), 1).questions).toEqual([]);
  });

  it('maps the server field errors onto the fields', () => {
    expect(sendFieldOf('to')).toBe('to');
    expect(sendFieldOf('cc.2')).toBe('cc');
    expect(sendFieldOf('html')).toBeNull();
  });
});
