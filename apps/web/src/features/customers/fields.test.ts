import { CUSTOMER_FIELD_NAMES } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import { customerTitle, FIELD_ORDER, fieldLabel, initials, websiteHref } from './fields';

describe('customer fields', () => {
  it('shows every field of the contract exactly once', () => {
    expect([...FIELD_ORDER].sort()).toEqual([...CUSTOMER_FIELD_NAMES].sort());
  });

  it('takes labels from the contract in both languages', () => {
    expect(fieldLabel('situation', 'en')).toBe('Communication method');
    expect(fieldLabel('situation', 'zh')).toBe('沟通方式');
  });

  it('names a customer by company, else contact, else number', () => {
    expect(customerTitle({ id: 3, company_name: 'Acme', name: 'Ann' })).toBe('Acme');
    expect(customerTitle({ id: 3, company_name: '', name: 'Ann' })).toBe('Ann');
    expect(customerTitle({ id: 3, company_name: '', name: '' })).toBe('#3');
  });

  it('makes a website openable', () => {
    expect(websiteHref('www.acme.com')).toBe('https://www.acme.com');
    expect(websiteHref('http://acme.com/x')).toBe('http://acme.com/x');
    expect(websiteHref('acme')).toBeNull();
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('')).toBeNull();
  });

  it('gives initials for the avatar', () => {
    expect(initials('Acme trading co')).toBe('AT');
    expect(initials('王小明贸易')).toBe('王');
    expect(initials('  ')).toBe('?');
  });
});
