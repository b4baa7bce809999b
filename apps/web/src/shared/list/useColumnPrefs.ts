import { useCallback, useMemo } from 'react';
import {
  type ColumnChoice,
  type ColumnPrefs,
  type ColumnSetting,
  defaultSettings,
  resolveSettings,
  toPrefs,
} from './column-prefs';
import { usePreference } from './preferences';

/** The columns a user chose for a list, remembered under the preference `key`. */
export function useColumnPrefs(key: string, choices: readonly ColumnChoice[]) {
  const pref = usePreference<ColumnPrefs>(key);
  const settings = useMemo(() => resolveSettings(choices, pref.value), [choices, pref.value]);
  const { save: savePref } = pref;
  const save = useCallback((next: ColumnSetting[]) => savePref(toPrefs(next)), [savePref]);
  // An empty list means "the defaults" (resolveSettings), and stays so when columns are added.
  const reset = useCallback(() => savePref({ columns: [] }), [savePref]);
  return {
    settings,
    save,
    reset,
    /** False until the user's choice is known: show no rows before, or the columns would jump. */
    loaded: pref.loaded,
    defaults: useMemo(() => defaultSettings(choices), [choices]),
  };
}
