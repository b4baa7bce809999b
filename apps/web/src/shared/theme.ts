import type { ThemeConfig } from 'antd';

export const SIDEBAR_BG = '#1f2a3c';
export const SIDEBAR_SUB_BG = '#18212f';

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.padEnd(6, '0');
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const MIN_SELECTED_CONTRAST = 1.8;

/**
 * The selected sidebar item's background: the theme colour, lightened toward white until it
 * stands out from the dark sidebar (a dark preset such as #212121 would hide the selection).
 */
export function sidebarSelectedBg(primary: string): string {
  const base = channels(primary);
  for (let share = 0; share <= 0.6; share += 0.05) {
    const mixed = `#${base
      .map((c) =>
        Math.round(c + (255 - c) * share)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrast(mixed, SIDEBAR_BG) >= MIN_SELECTED_CONTRAST) return mixed;
  }
  return '#5a6b85';
}

/** antd theme from the chosen colour: one token recolours every component at once. */
export function buildTheme(primary: string, { motion = true }: { motion?: boolean } = {}): ThemeConfig {
  return {
    cssVar: { key: 'qs' },
    token: {
      // Users who ask their system for less motion get no animations.
      motion,
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', Roboto, 'Helvetica Neue', Arial, sans-serif",
      colorBgLayout: '#f3f5f9',
    },
    components: {
      Layout: {
        siderBg: SIDEBAR_BG,
        headerBg: '#ffffff',
        bodyBg: '#f3f5f9',
        headerPadding: '0 16px',
        headerHeight: 50,
      },
      Menu: {
        darkItemBg: SIDEBAR_BG,
        darkSubMenuItemBg: SIDEBAR_SUB_BG,
        darkPopupBg: SIDEBAR_BG,
        darkItemSelectedBg: sidebarSelectedBg(primary),
        darkItemColor: 'rgba(255,255,255,0.72)',
        itemHeight: 44,
        itemMarginInline: 8,
        itemBorderRadius: 6,
      },
    },
  };
}
