import { describe, expect, it } from 'vitest';
import {
  formatRecipient,
  isValidAddress,
  looksLikeList,
  parseRecipient,
  parseRecipients,
  toAddresses,
} from './addresses';

describe('parseRecipients (typed and pasted lists)', () => {
  it('splits a pasted list on ; and , keeping names', () => {
    expect(parseRecipients('a@b.com; Name <c@d.com>, "Doe, Jane" <J@E.com>')).toEqual([
      { name: '', address: 'a@b.com', valid: true },
      { name: 'Name', address: 'c@d.com', valid: true },
      { name: 'Doe, Jane', address: 'j@e.com', valid: true },
    ]);
  });

  it('takes one address per line, and spaces between bare addresses', () => {
    expect(parseRecipients('x@y.com\r\nz@y.com w@y.com').map((r) => r.address)).toEqual([
      'x@y.com',
      'z@y.com',
      'w@y.com',
    ]);
  });

  it('keeps an Outlook name with an unquoted comma together', () => {
    expect(parseRecipients('Becker, Hans <h.becker@becker.de>; o@x.co.uk')).toEqual([
      { name: 'Becker, Hans', address: 'h.becker@becker.de', valid: true },
      { name: '', address: 'o@x.co.uk', valid: true },
    ]);
  });

  it('does not glue a typo onto the next address when a semicolon separates them', () => {
    expect(parseRecipients('hans; Bob <bob@x.com>')).toEqual([
      { name: '', address: 'hans', valid: false },
      { name: 'Bob', address: 'bob@x.com', valid: true },
    ]);
  });

  it('marks malformed addresses and keeps their text', () => {
    expect(parseRecipients('good@x.com, bad@, @nope.com, no at all')).toEqual([
      { name: '', address: 'good@x.com', valid: true },
      { name: '', address: 'bad@', valid: false },
      { name: '', address: '@nope.com', valid: false },
      { name: '', address: 'no at all', valid: false },
    ]);
  });

  it('lists each address once, case ignored', () => {
    expect(parseRecipients('A@b.com, a@B.com, Other <a@b.com>')).toHaveLength(1);
  });

  it('reads mailto:, <bare brackets> and "Name address"', () => {
    expect(parseRecipient('mailto:Sales@Acme.com')).toEqual({
      name: '',
      address: 'sales@acme.com',
      valid: true,
    });
    expect(parseRecipient('<x@y.cn>')).toEqual({ name: '', address: 'x@y.cn', valid: true });
    expect(parseRecipient('王经理 wang@abc.cn')).toEqual({
      name: '王经理',
      address: 'wang@abc.cn',
      valid: true,
    });
  });

  it('ignores empty pieces', () => {
    expect(parseRecipients(' ;, ;\n')).toEqual([]);
  });
});

describe('addresses', () => {
  it('accepts what the server (zod email) accepts', () => {
    expect(isValidAddress('first.last+tag@sub.example.test')).toBe(true);
    expect(isValidAddress('a..b@x.com')).toBe(false);
    expect(isValidAddress('a@x')).toBe(false);
    expect(isValidAddress('a b@x.com')).toBe(false);
  });

  it('formats a recipient so that it parses back the same', () => {
    for (const r of [
      { name: 'Doe, Jane', address: 'j@e.com' },
      { name: 'Hans Becker', address: 'h@b.de' },
      { name: '', address: 'x@y.com' },
    ]) {
      expect(parseRecipient(formatRecipient(r))).toEqual({ ...r, valid: true });
    }
  });

  it('sends only valid recipients to the API', () => {
    expect(toAddresses(parseRecipients('a@b.com, oops'))).toEqual([{ name: '', address: 'a@b.com' }]);
  });

  it('knows a paste of several recipients from one being typed', () => {
    expect(looksLikeList('a@b.com; c@d.com')).toBe(true);
    expect(looksLikeList('a@b.com c@d.com')).toBe(true);
    expect(looksLikeList('Hans Becker <h@b.de>')).toBe(false);
  });
});
