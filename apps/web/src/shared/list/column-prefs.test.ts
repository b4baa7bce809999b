import { describe, expect, it } from 'vitest';
import {
  type ColumnChoice,
  isDefault,
  moveColumn,
  resolveSettings,
  toggleColumn,
  toPrefs,
  visibleKeys,
} from './column-prefs';

const CHOICES: ColumnChoice[] = [
  { key: 'name' },
  { key: 'email' },
  { key: 'grade' },
  { key: 'qq', defaultHidden: true },
];

describe('resolveSettings', () => {
  it('uses the defaults when nothing was saved or the saved value is not usable', () => {
    for (const saved of [
      null,
      undefined,
      'x',
      { columns: 'x' },
      { columns: [] },
      { columns: [{ key: 1 }] },
    ]) {
      expect(resolveSettings(CHOICES, saved)).toEqual([
        { key: 'name', visible: true },
        { key: 'email', visible: true },
        { key: 'grade', visible: true },
        { key: 'qq', visible: false },
      ]);
    }
  });

  it('applies the saved order and visibility', () => {
    const saved = {
      columns: [
        { key: 'grade', visible: true },
        { key: 'qq', visible: true },
        { key: 'name', visible: true },
        { key: 'email', visible: false },
      ],
    };
    expect(visibleKeys(resolveSettings(CHOICES, saved))).toEqual(['grade', 'qq', 'name']);
  });

  it('drops columns that no longer exist and repeated ones', () => {
    const saved = {
      columns: [
        { key: 'gone', visible: true },
        { key: 'email', visible: true },
        { key: 'email', visible: false },
        { key: 'name', visible: true },
        { key: 'grade', visible: true },
        { key: 'qq', visible: false },
      ],
    };
    expect(resolveSettings(CHOICES, saved).map((s) => s.key)).toEqual(['email', 'name', 'grade', 'qq']);
  });

  it('puts a column added since the save after its predecessor, with its default visibility', () => {
    const saved = {
      columns: [
        { key: 'grade', visible: true },
        { key: 'name', visible: false },
      ],
    };
    expect(resolveSettings(CHOICES, saved)).toEqual([
      { key: 'grade', visible: true },
      { key: 'name', visible: false },
      { key: 'email', visible: true },
      { key: 'qq', visible: false },
    ]);
    const onlyQqMissing = {
      columns: [
        { key: 'name', visible: true },
        { key: 'grade', visible: true },
        { key: 'email', visible: true },
      ],
    };
    expect(resolveSettings(CHOICES, onlyQqMissing).map((s) => s.key)).toEqual([
      'name',
      'grade',
      'email',
      'qq',
    ]);
  });
});

describe('changing the columns', () => {
  const settings = resolveSettings(CHOICES, null);

  it('hides and shows a column', () => {
    expect(visibleKeys(toggleColumn(settings, 'email', false))).toEqual(['name', 'grade']);
    expect(visibleKeys(toggleColumn(settings, 'qq', true))).toEqual(['name', 'email', 'grade', 'qq']);
  });

  it('never hides the last visible column', () => {
    let s = toggleColumn(settings, 'name', false);
    s = toggleColumn(s, 'email', false);
    s = toggleColumn(s, 'grade', false);
    expect(visibleKeys(s)).toEqual(['grade']);
  });

  it('moves a column up and down, not past the ends', () => {
    expect(moveColumn(settings, 'grade', -1).map((s) => s.key)).toEqual(['name', 'grade', 'email', 'qq']);
    expect(moveColumn(settings, 'name', 1).map((s) => s.key)).toEqual(['email', 'name', 'grade', 'qq']);
    expect(moveColumn(settings, 'name', -1)).toEqual(settings);
    expect(moveColumn(settings, 'qq', 1)).toEqual(settings);
  });

  it('knows the default and saves only keys and visibility', () => {
    expect(isDefault(CHOICES, settings)).toBe(true);
    expect(isDefault(CHOICES, toggleColumn(settings, 'qq', true))).toBe(false);
    expect(toPrefs(settings)).toEqual({ columns: settings });
    expect(resolveSettings(CHOICES, toPrefs(moveColumn(settings, 'qq', -1)))).toEqual(
      moveColumn(settings, 'qq', -1),
    );
  });
});
