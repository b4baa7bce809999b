/**
 * Which columns of a list the user shows, and in what order. Saved per user as a preference
 * `{columns: [{key, visible}]}`; the saved value is only a wish: columns that no longer exist are
 * dropped and new ones appear in their default place.
 */

export interface ColumnChoice {
  key: string;
  /** Shown unless the user hides it; `defaultHidden` columns start hidden. */
  defaultHidden?: boolean;
}

export interface ColumnSetting {
  key: string;
  visible: boolean;
}

export interface ColumnPrefs {
  columns: ColumnSetting[];
}

export function defaultSettings(choices: readonly ColumnChoice[]): ColumnSetting[] {
  return choices.map((c) => ({ key: c.key, visible: !c.defaultHidden }));
}

function savedSettings(saved: unknown): ColumnSetting[] {
  if (!saved || typeof saved !== 'object') return [];
  const columns = (saved as { columns?: unknown }).columns;
  if (!Array.isArray(columns)) return [];
  return columns.filter(
    (c): c is ColumnSetting =>
      Boolean(c) && typeof c.key === 'string' && typeof (c as ColumnSetting).visible === 'boolean',
  );
}

/** The settings to apply: the saved order and visibility for known columns, new columns where they belong. */
export function resolveSettings(choices: readonly ColumnChoice[], saved: unknown): ColumnSetting[] {
  const byKey = new Map(choices.map((c) => [c.key, c]));
  const seen = new Set<string>();
  const out: ColumnSetting[] = [];
  for (const s of savedSettings(saved)) {
    if (!byKey.has(s.key) || seen.has(s.key)) continue;
    seen.add(s.key);
    out.push({ key: s.key, visible: s.visible });
  }
  if (out.length === 0) return defaultSettings(choices);
  // A column the saved list does not know goes right after its predecessor in the default order.
  choices.forEach((choice, index) => {
    if (seen.has(choice.key)) return;
    const before = choices.slice(0, index).map((c) => c.key);
    const anchor = out.map((s) => s.key).findLastIndex((k) => before.includes(k));
    out.splice(anchor + 1, 0, { key: choice.key, visible: !choice.defaultHidden });
    seen.add(choice.key);
  });
  return out;
}

export function visibleKeys(settings: readonly ColumnSetting[]): string[] {
  return settings.filter((s) => s.visible).map((s) => s.key);
}

export function toggleColumn(
  settings: readonly ColumnSetting[],
  key: string,
  visible: boolean,
): ColumnSetting[] {
  const next = settings.map((s) => (s.key === key ? { ...s, visible } : s));
  // Never hide the last column: an empty table helps nobody.
  return next.some((s) => s.visible) ? next : [...settings];
}

/** Moves a column one place up (-1) or down (+1). */
export function moveColumn(settings: readonly ColumnSetting[], key: string, delta: -1 | 1): ColumnSetting[] {
  const from = settings.findIndex((s) => s.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= settings.length) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as ColumnSetting);
  return next;
}

export function isDefault(choices: readonly ColumnChoice[], settings: readonly ColumnSetting[]): boolean {
  const d = defaultSettings(choices);
  return (
    d.length === settings.length &&
    d.every((s, i) => s.key === settings[i]?.key && s.visible === settings[i]?.visible)
  );
}

export function toPrefs(settings: readonly ColumnSetting[]): ColumnPrefs {
  return { columns: settings.map(({ key, visible }) => ({ key, visible })) };
}
