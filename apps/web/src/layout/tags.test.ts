import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, labelView, type TagView } from './tags';

const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  title: path,
  affix: false,
  noCache: false,
  ...extra,
});
const dashboard = view('/dashboard', { affix: true });
const tabs = [dashboard, view('/a'), view('/b'), view('/c')];
const paths = (views: TagView[]) => views.map((v) => v.path);

describe('addView', () => {
  it('adds one tab per path', () => {
    expect(paths(addView(tabs, view('/d')))).toEqual(['/dashboard', '/a', '/b', '/c', '/d']);
    expect(addView(tabs, view('/a'))).toBe(tabs);
  });
  it('updates the tab when the query changes', () => {
    const next = addView(tabs, view('/a', { fullPath: '/a?page=2' }));
    expect(paths(next)).toEqual(paths(tabs));
    expect(next[1]?.fullPath).toBe('/a?page=2');
  });
});

describe('closeView', () => {
  it('closing the active tab goes to the last remaining tab', () => {
    expect(closeView(tabs, '/c', '/c')).toEqual({ views: [dashboard, tabs[1], tabs[2]], navigateTo: '/b' });
    expect(closeView(tabs, '/a', '/a').navigateTo).toBe('/c');
  });
  it('closing another tab stays where the user is', () => {
    expect(closeView(tabs, '/a', '/c')).toEqual({ views: [dashboard, tabs[2], tabs[3]], navigateTo: null });
  });
  it('goes to / when no tab remains', () => {
    expect(closeView([view('/x')], '/x', '/x')).toEqual({ views: [], navigateTo: '/' });
  });
  it('never closes the fixed dashboard tab', () => {
    expect(closeView(tabs, '/dashboard', '/dashboard')).toEqual({ views: tabs, navigateTo: null });
  });
  it('goes to the last tab with its query', () => {
    const withQuery = [dashboard, view('/a', { fullPath: '/a?q=1' }), view('/b')];
    expect(closeView(withQuery, '/b', '/b').navigateTo).toBe('/a?q=1');
  });
});

describe('closeOthers', () => {
  it('keeps the chosen tab and the fixed ones', () => {
    expect(paths(closeOthers(tabs, '/b', '/b').views)).toEqual(['/dashboard', '/b']);
  });
  it('goes to the chosen tab', () => {
    expect(closeOthers(tabs, '/b', '/c').navigateTo).toBe('/b');
    expect(closeOthers(tabs, '/b', '/b').navigateTo).toBeNull();
  });
});

describe('closeAll', () => {
  it('keeps fixed tabs and goes to the last one', () => {
    expect(closeAll(tabs)).toEqual({ views: [dashboard], navigateTo: '/dashboard' });
  });
  it('goes to / when there is no fixed tab', () => {
    expect(closeAll([view('/a'), view('/b')])).toEqual({ views: [], navigateTo: '/' });
  });
});

describe('labelView', () => {
  it('names one tab after what its page shows, and keeps the name when the query changes', () => {
    const labelled = labelView(tabs, '/b', 'Samples received');
    expect(labelled.map((v) => v.label)).toEqual([undefined, undefined, 'Samples received', undefined]);
    expect(labelView(labelled, '/b', 'Samples received')).toBe(labelled);
    expect(addView(labelled, view('/b', { fullPath: '/b?x=1' }))[2]?.label).toBe('Samples received');
  });
  it('leaves the tabs alone when the page has no tab', () => {
    expect(labelView(tabs, '/gone', 'x')).toBe(tabs);
  });
});
