import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagsStore } from '@/layout/tags-store';
import { useFeedback } from '@/shared/feedback';
import { antdLocale, featureTextsReady } from '@/shared/i18n';
import { setNotifier } from '@/shared/notify';
import { sessionStore } from '@/shared/session';
import { INTERFACE_SIZE, useSettings } from '@/shared/settings';
import { buildTheme } from '@/shared/theme';
import { ErrorBoundary } from '@/shared/ui/ErrorBoundary';
import { ScreenFailed } from '@/shared/ui/ScreenFailed';
import { addAntdStyles } from '@/styles/antd-styles';
import { AppRouter } from './AppRouter';
import { queryClient } from './query-client';

/** Hands antd's themed message and notification instances to code outside React. */
function NotifierBridge() {
  const { message, notification } = useFeedback();
  useEffect(() => {
    setNotifier({
      message: (type, content, duration) => void message.open({ type, content, duration }),
      notification: (type, title, description, duration) =>
        notification.open({ type, title, description, duration }),
    });
    return () => setNotifier(null);
  }, [message, notification]);
  return null;
}

// When the session ends, nothing of the previous user stays in memory.
sessionStore.subscribe(() => {
  if (sessionStore.get().token === null) {
    queryClient.clear();
    tagsStore.reset();
  }
});

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

export function App() {
  // Subscribes to language switches: antd's texts follow (set after the language's texts are in).
  useTranslation();
  const { theme } = useSettings();
  const [reducedMotion] = useState(prefersReducedMotion);

  // The login page renders with its part of antd's stylesheet and of the texts; the rest (what the
  // screens after it wait for: app/screens.ts) is fetched at the visitor's first key or tap, while
  // they type: a visitor who only looks downloads nothing more.
  useEffect(() => {
    const fetchTheRest = () => {
      addAntdStyles();
      void featureTextsReady();
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const type of events) window.addEventListener(type, fetchTheRest, { once: true, capture: true });
    return () => {
      for (const type of events) window.removeEventListener(type, fetchTheRest, { capture: true });
    };
  }, []);

  useEffect(() => {
    document.documentElement.style.setProperty('--qs-primary', theme);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme);
  }, [theme]);

  return (
    <ConfigProvider
      // zeroRuntime: antd's component styles come from its static stylesheet
      // (styles/antd-styles.ts), not computed at render; the theme's CSS variables still are.
      theme={{ ...buildTheme(theme, { motion: !reducedMotion }), zeroRuntime: true }}
      componentSize={INTERFACE_SIZE}
      locale={antdLocale()}
    >
      <AntApp notification={{ placement: 'topRight' }}>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>
          {/* A screen that fails as a whole (its code did not come) says so, never a blank page. */}
          <ErrorBoundary fallback={() => <ScreenFailed />}>
            <AppRouter />
          </ErrorBoundary>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
