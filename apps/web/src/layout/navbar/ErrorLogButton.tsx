import { BugOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '@/shared/error-log/store';
import { NavbarButton } from './NavbarButton';

const ErrorLogDialog = lazy(() => import('@/shared/error-log/ErrorLogDialog'));

/** A bug icon with a dot, shown only when the error log is not empty (SHELL.md). */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  if (entries.length === 0 && !open) return null;
  return (
    <>
      <NavbarButton label={t('navbar.errorLog')} onClick={() => setOpen(true)}>
        <Badge dot>
          <BugOutlined className="navbar__icon navbar__icon--bug" />
        </Badge>
      </NavbarButton>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
