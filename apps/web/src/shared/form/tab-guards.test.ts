import { describe, expect, it } from 'vitest';
import { dirtyTabs, registerTabGuard } from './tab-guards';

describe('tab guards', () => {
  it('names the tabs whose forms hold unsaved input, asked at the moment of closing', () => {
    let typed = false;
    const offA = registerTabGuard('/customer/create', () => typed);
    const offB = registerTabGuard('/customer/list', () => false);
    expect(dirtyTabs(['/customer/create', '/customer/list', '/dashboard'])).toEqual([]);
    typed = true;
    expect(dirtyTabs(['/customer/create', '/customer/list', '/dashboard'])).toEqual(['/customer/create']);
    expect(dirtyTabs(['/customer/list'])).toEqual([]);
    offA();
    expect(dirtyTabs(['/customer/create'])).toEqual([]);
    offB();
  });

  it('a tab with two forms is dirty while either is', () => {
    let first = false;
    let second = false;
    const offFirst = registerTabGuard('/customer/detail/1', () => first);
    const offSecond = registerTabGuard('/customer/detail/1', () => second);
    second = true;
    expect(dirtyTabs(['/customer/detail/1'])).toEqual(['/customer/detail/1']);
    offSecond();
    expect(dirtyTabs(['/customer/detail/1'])).toEqual([]);
    first = true;
    expect(dirtyTabs(['/customer/detail/1'])).toEqual(['/customer/detail/1']);
    offFirst();
    expect(dirtyTabs(['/customer/detail/1'])).toEqual([]);
  });
});
