import { beforeEach, describe, expect, it } from 'vitest';
import { forgetLeftBlank, rememberLeftBlank, wasLeftBlank } from './left-blank';

describe('drafts left blank when the page unloaded', () => {
  beforeEach(() => sessionStorage.clear());

  it('are remembered across a reload until a new draft takes their place', () => {
    expect(wasLeftBlank(5)).toBe(false);
    rememberLeftBlank(5);
    rememberLeftBlank(6);
    expect(wasLeftBlank(5)).toBe(true);
    // Reading does not forget (a render may run twice).
    expect(wasLeftBlank(5)).toBe(true);
    forgetLeftBlank(5);
    expect(wasLeftBlank(5)).toBe(false);
    expect(wasLeftBlank(6)).toBe(true);
  });

  it('read nothing from a broken entry', () => {
    sessionStorage.setItem('quayside.draftsLeftBlank', '{broken');
    expect(wasLeftBlank(1)).toBe(false);
  });
});
