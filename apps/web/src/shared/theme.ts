import type { ThemeConfig } from 'antd';

export const SIDEBAR_BG = '#1f2a3c';
export const SIDEBAR_SUB_BG = '#18212f';

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
        darkItemSelectedBg: primary,
        darkItemColor: 'rgba(255,255,255,0.72)',
        itemHeight: 44,
        itemMarginInline: 8,
        itemBorderRadius: 6,
      },
    },
  };
}
