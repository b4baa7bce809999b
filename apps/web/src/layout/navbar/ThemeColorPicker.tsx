import { ColorPicker } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { setTheme, THEME_PRESETS, useSettings } from '@/shared/settings';

/** The colour picker of ThemePicker, opened at once: it is loaded when the button is first pressed. */
export default function ThemeColorPicker({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { theme } = useSettings();
  const [open, setOpen] = useState(true);
  return (
    <ColorPicker
      value={theme}
      disabledAlpha
      open={open}
      onOpenChange={setOpen}
      presets={[{ label: t('navbar.theme'), colors: [...THEME_PRESETS], defaultOpen: true }]}
      onChangeComplete={(color) => {
        const hex = color.toHexString();
        if (hex.toLowerCase() === theme.toLowerCase()) return;
        setTheme(hex);
        void message.success(t('navbar.themeChanged'));
      }}
    >
      {children}
    </ColorPicker>
  );
}
