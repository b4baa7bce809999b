import { describe, expect, it } from 'vitest';
import { shownName } from './ack';

describe('the name an acknowledgement shows', () => {
  it('keeps names as people write them', () => {
    for (const name of [
      'Li Wei',
      '  María José Núñez ',
      'J. R. Smith',
      "O'Brien-Smith",
      '王小明',
      'Dr. Ahmed',
    ])
      expect(shownName(name)).toBe(name.trim());
  });

  it('drops a "name" that carries a link or an address, or is longer than a name', () => {
    for (const name of [
      'CHEAP WATCHES www.spam.example',
      'visit https://x.test now',
      'deals at spam.shop',
      'mail me: a@b.test',
      'a/b',
      'x'.repeat(61),
      '   ',
    ])
      expect(shownName(name)).toBeNull();
  });
});
