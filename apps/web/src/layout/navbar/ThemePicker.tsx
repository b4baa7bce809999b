import { BgColorsOutlined } from '@ant-design/icons';
import { App, Button, ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setTheme, THEME_PRESETS, useSettings } from '@/shared/settings';

/** Theme colour picker: presets of SHELL.md, applied at once and remembered. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { theme } = useSettings();
  return (
    <ColorPicker
      value={theme}
      disabledAlpha
      presets={[{ label: t('navbar.theme'), colors: [...THEME_PRESETS], defaultOpen: true }]}
      onChangeComplete={(color) => {
        const hex = color.toHexString();
        if (hex.toLowerCase() === theme.toLowerCase()) return;
        setTheme(hex);
        void message.success(t('navbar.themeChanged'));
      }}
    >
      <span>
        <Tooltip title={t('navbar.theme')}>
          <Button type="text" className="navbar__item" aria-label={t('navbar.theme')}>
            <BgColorsOutlined className="navbar__icon" style={{ color: theme }} />
          </Button>
        </Tooltip>
      </span>
    </ColorPicker>
  );
}
