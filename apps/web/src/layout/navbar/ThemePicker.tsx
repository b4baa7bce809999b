import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/settings';

// antd's ColorPicker brings select, input-number and its own panels (about 45 kB over the wire):
// every signed-in screen's first load would carry them for a button few press.
const loadPicker = () => import('./ThemeColorPicker');
const ThemeColorPicker = lazy(loadPicker);

/** Theme colour picker: presets of SHELL.md, applied at once and remembered. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { theme } = useSettings();
  const [wanted, setWanted] = useState(false);
  const button = (
    <span>
      <Tooltip title={t('navbar.theme')}>
        <Button
          type="text"
          className="navbar__item"
          aria-label={t('navbar.theme')}
          // Fetched on hover or focus, so it is usually in by the time the press lands.
          onPointerEnter={() => void loadPicker()}
          onFocus={() => void loadPicker()}
          onClick={() => setWanted(true)}
        >
          <BgColorsOutlined className="navbar__icon" style={{ color: theme }} />
        </Button>
      </Tooltip>
    </span>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeColorPicker>{button}</ThemeColorPicker>
    </Suspense>
  );
}
