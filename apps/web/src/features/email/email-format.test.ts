import { describe, expect, it } from 'vitest';
import {
  blockValues,
  companyFromAddress,
  countryFlag,
  customerFromSender,
  fileSize,
  initials,
  isBlockValue,
  isPreviewableImage,
  normaliseBlockValue,
  partiesLabel,
  partyFull,
} from './email-format';

describe('parties', () => {
  it('shows a name, or the address when there is none', () => {
    const ann = { name: 'Ann Lee', address: 'ann@acme.com' };
    const bob = { name: '', address: 'bob@acme.com' };
    expect(partyFull(ann)).toBe('Ann Lee <ann@acme.com>');
    expect(partyFull(bob)).toBe('bob@acme.com');
    expect(partiesLabel([ann, bob])).toBe('Ann Lee, bob@acme.com');
  });

  it('draws initials in Latin and Chinese', () => {
    expect(initials('Hans Becker')).toBe('HB');
    expect(initials('oliver.brown')).toBe('OB');
    expect(initials('王经理')).toBe('王');
    expect(initials('')).toBe('?');
  });
});

describe('countryFlag', () => {
  it('makes the emoji flag of a country code', () => {
    expect(countryFlag('GB')).toBe('🇬🇧');
    expect(countryFlag('cn')).toBe('🇨🇳');
    expect(countryFlag('')).toBe('');
    expect(countryFlag('GBR')).toBe('');
  });
});

describe('files', () => {
  it('sizes files and knows which images preview', () => {
    expect(fileSize(900)).toBe('900 B');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(2 * 1024 * 1024)).toBe('2 MB');
    expect(isPreviewableImage('image/png')).toBe(true);
    expect(isPreviewableImage('image/svg+xml')).toBe(false);
    expect(isPreviewableImage('application/pdf')).toBe(false);
  });
});

describe('a customer from a sender', () => {
  it('guesses the company from a business domain', () => {
    expect(companyFromAddress('h.becker@becker-handel.de')).toBe('Becker Handel');
    expect(companyFromAddress('oliver@londonoffice.co.uk')).toBe('Londonoffice');
    expect(companyFromAddress('ana@mail.spembalagens.com.br')).toBe('Spembalagens');
    expect(companyFromAddress('someone@gmail.com')).toBe('');
    expect(companyFromAddress('someone@qq.com')).toBe('');
  });

  it('fills in name, address, company and the country of the IP', () => {
    expect(customerFromSender({ name: 'Hans Becker', address: 'H.Becker@Becker-Handel.de' }, 82)).toEqual({
      company_name: 'Becker Handel',
      name: 'Hans Becker',
      email: 'h.becker@becker-handel.de',
      nation: 82,
      situation: 1,
    });
  });

  it('always has a name or a company, and no "unknown" country', () => {
    expect(customerFromSender({ name: '', address: 'lee.buyer@gmail.com' }, 1)).toEqual({
      company_name: '',
      name: 'lee.buyer',
      email: 'lee.buyer@gmail.com',
      nation: null,
      situation: 1,
    });
    expect(customerFromSender({ name: 'x@y.com', address: 'x@acme.com' }, 0).name).toBe('');
  });
});

describe('blocking senders', () => {
  it('blocks addresses, or whole domains except public providers', () => {
    const senders = ['Spam@Promo.example', 'news@promo.example', 'friend@gmail.com', 'not-an-address'];
    expect(blockValues(senders, 'address')).toEqual([
      'spam@promo.example',
      'news@promo.example',
      'friend@gmail.com',
    ]);
    expect(blockValues(senders, 'domain')).toEqual(['@promo.example', 'friend@gmail.com']);
  });

  it('takes what the admin types the way the server stores it', () => {
    expect(normaliseBlockValue('  Spam@Example.COM ')).toBe('spam@example.com');
    expect(normaliseBlockValue('example.com')).toBe('@example.com');
    expect(normaliseBlockValue('mailto:a@b.co')).toBe('a@b.co');
    expect(isBlockValue('@example.com')).toBe(true);
    expect(isBlockValue('a@b.co')).toBe(true);
    expect(isBlockValue('example')).toBe(false);
    expect(isBlockValue('@localhost')).toBe(false);
  });
});
