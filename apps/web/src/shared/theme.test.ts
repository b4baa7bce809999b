import { describe, expect, it } from 'vitest';
import { THEME_PRESETS } from './settings';
import { contrast, SIDEBAR_BG, sidebarSelectedBg } from './theme';

describe('the selected sidebar item (issue 15)', () => {
  it('stands out from the sidebar with every theme preset', () => {
    for (const preset of THEME_PRESETS) {
      expect(contrast(sidebarSelectedBg(preset), SIDEBAR_BG), preset).toBeGreaterThanOrEqual(1.8);
    }
  });
  it('keeps a colour that already stands out as it is', () => {
    expect(sidebarSelectedBg('#409EFF').toLowerCase()).toBe('#409eff');
  });
});
