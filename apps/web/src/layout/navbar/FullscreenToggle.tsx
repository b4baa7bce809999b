import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { NavbarButton } from './NavbarButton';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void message.warning(t('navbar.fullscreenUnsupported'));
    }
  };
  const label = active ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <NavbarButton
      label={label}
      icon={
        active ? (
          <FullscreenExitOutlined className="navbar__icon" />
        ) : (
          <FullscreenOutlined className="navbar__icon" />
        )
      }
      onClick={toggle}
    />
  );
}
