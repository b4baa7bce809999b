import { describe, expect, it } from 'vitest';
import { blacklistSearchTerm, isBlacklisted } from './blacklist';

describe('recipient blacklist', () => {
  it('matches the address, its domain and parent domains like the server', () => {
    const list = ['spam@x.com', '@promo.test'];
    expect(isBlacklisted('SPAM@x.com', list)).toBe(true);
    expect(isBlacklisted('offers@mail.promo.test', list)).toBe(true);
    expect(isBlacklisted('ham@x.com', list)).toBe(false);
    expect(isBlacklisted('a@notpromo.test', list)).toBe(false);
  });

  it('searches by the last two domain labels, which every matching entry contains', () => {
    expect(blacklistSearchTerm('a@mail.corp.example.com')).toBe('example.com');
    for (const entry of ['a@mail.corp.example.com', '@corp.example.com', '@example.com']) {
      expect(entry.includes(blacklistSearchTerm('a@mail.corp.example.com'))).toBe(true);
    }
  });
});
