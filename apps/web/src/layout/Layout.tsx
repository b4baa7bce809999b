import { Layout as AntLayout } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { ComposeOverlay } from '@/features/email/components/ComposeOverlay';
import { usePasswordDialogOpen } from '@/features/profile/password-dialog';
import { afterPaint, whenIdle } from '@/shared/scheduling';
import { closeSidebar, deviceNow, setDevice, settingsStore, useSettings } from '@/shared/settings';
import { addAntdStyles } from '@/styles/antd-styles';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useVisitedTag } from './useVisitedTag';
import './layout.css';

const ChangePasswordModal = lazy(() => import('@/features/profile/components/ChangePasswordModal'));

/** Spec §2 mobile rule, checked on every resize (the store knows the device at start). */
function useDeviceWatcher() {
  useEffect(() => {
    const check = () => setDevice(deviceNow());
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}

/** On mobile the sidebar closes on every route change. */
function useCloseSidebarOnMobileNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname && settingsStore.get().device === 'mobile') closeSidebar();
  }, [pathname]);
}

/**
 * A visit that began on the dashboard drew it with the shell's part of antd's stylesheet; the whole
 * one, which every other screen waits for, is fetched once the first screen has painted and the
 * browser is idle (within a few seconds), not beside the dashboard's own code and figures.
 */
function useWholeStylesheetAfterFirstPaint() {
  useEffect(() => afterPaint(() => whenIdle(addAntdStyles, 3000)), []);
}

/** The shell around every signed-in page: sidebar, navbar with breadcrumb, tabs and the page. */
export default function Layout() {
  const { sidebarOpened, device } = useSettings();
  useDeviceWatcher();
  useCloseSidebarOnMobileNavigation();
  useWholeStylesheetAfterFirstPaint();
  useVisitedTag();
  const passwordDialogOpen = usePasswordDialogOpen();
  const mobile = device === 'mobile';

  return (
    <AntLayout
      className={`app-wrapper ${mobile ? 'is-mobile' : ''} ${sidebarOpened ? 'sidebar-open' : 'sidebar-closed'}`}
    >
      {mobile && sidebarOpened && <div className="drawer-bg" onClick={closeSidebar} aria-hidden="true" />}
      <Sidebar />
      <AntLayout className="main-container">
        <header className="app-header">
          <Navbar />
          <TagsView />
        </header>
        <AppMain />
      </AntLayout>
      <ComposeOverlay />
      {passwordDialogOpen && (
        <Suspense fallback={null}>
          <ChangePasswordModal />
        </Suspense>
      )}
    </AntLayout>
  );
}
