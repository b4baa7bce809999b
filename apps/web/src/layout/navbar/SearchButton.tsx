import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './search-button.css';

// The palette loads with its first opening: the shell and the login page do not carry it.
const SearchPalette = lazy(() => import('../search/SearchPalette'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's search box; Ctrl+K (⌘K on a Mac) opens it from anywhere. */
export function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setLoaded(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac ? '⌘K' : 'Ctrl K';
  return (
    <>
      <Button
        className="navbar__item navbar__search"
        icon={<SearchOutlined />}
        aria-label={t('search.label')}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <span className="navbar__search-label">{t('search.button')}</span>
        <kbd>{shortcut}</kbd>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
