import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { dirtyTabs } from '@/shared/form/tab-guards';
import { useDiscardConfirm } from '@/shared/form/useDiscardGuard';
import { normalizePath } from '@/shared/routes/resolve';
import { afterPaint } from '@/shared/scheduling';
import type { TagView } from './tags';
import { tagsStore, useTagViews } from './tags-store';

/** Tabs of visited pages with close, close others, close all and refresh (SHELL.md). */
export function TagsView() {
  const { t } = useTranslation();
  const views = useTagViews();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = normalizePath(pathname);
  const stripRef = useRef<HTMLDivElement>(null);

  // The active tab scrolled into the strip's view, measured once the page has painted: measured in
  // the effect, the browser laid out the whole new page for it, a second time that frame.
  useEffect(() => {
    if (!views.some((v) => v.path === active)) return; // its tab is added right after navigation
    let current = true;
    afterPaint(() => {
      const strip = stripRef.current;
      const tab = strip?.querySelector<HTMLElement>(`[data-path="${CSS.escape(active)}"]`);
      if (!current || !strip || !tab) return;
      const left = tab.offsetLeft - strip.offsetLeft;
      if (left < strip.scrollLeft) strip.scrollLeft = left - 8;
      else if (left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
        strip.scrollLeft = left + tab.offsetWidth - strip.clientWidth + 8;
      }
    });
    return () => {
      current = false;
    };
  }, [active, views]);

  // The wheel scrolls the strip sideways.
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const onWheel = (e: WheelEvent) => {
      if (strip.scrollWidth <= strip.clientWidth) return;
      e.preventDefault();
      strip.scrollLeft += e.deltaY || e.deltaX;
    };
    strip.addEventListener('wheel', onWheel, { passive: false });
    return () => strip.removeEventListener('wheel', onWheel);
  }, []);

  const go = (target: string | null) => {
    if (target) navigate(target);
  };
  // Closing a tab whose page holds unsaved input asks first (issue 15), as the form's own Cancel does.
  const askDiscard = useDiscardConfirm();
  const closing = (closed: readonly TagView[], run: () => string | null) => {
    const paths = closed.filter((v) => !v.affix).map((v) => v.path);
    if (dirtyTabs(paths).length === 0) go(run());
    else askDiscard(() => go(run()));
  };
  const close = (view: TagView) => closing([view], () => tagsStore.close(view.path, active));
  const closeOthers = (view: TagView) =>
    closing(
      views.filter((v) => v.path !== view.path),
      () => tagsStore.closeOthers(view.path, active),
    );
  const closeAll = () => closing(views, () => tagsStore.closeAll());

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      { key: 'close', label: t('tags.close'), disabled: view.affix },
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') {
        // A refresh rebuilds the page: its unsaved input would go too.
        closing([view], () => {
          tagsStore.refresh(view.path);
          return view.path === active ? null : view.fullPath;
        });
      } else if (key === 'close') close(view);
      else if (key === 'closeOthers') closeOthers(view);
      else if (key === 'closeAll') closeAll();
    },
  });

  return (
    <div className="tags-view" role="tablist" aria-label={t('tags.label')} ref={stripRef}>
      {views.map((view) => {
        const isActive = view.path === active;
        const routeTitle = `${t(view.title)}${view.suffix ? ` #${view.suffix}` : ''}`;
        const title = view.label || routeTitle;
        return (
          <Dropdown key={view.path} trigger={['contextMenu']} menu={menuFor(view)}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={isActive}
              data-path={view.path}
              className={`tags-view__item ${isActive ? 'tags-view__item--active' : ''}`}
              onClick={() => navigate(view.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  navigate(view.fullPath);
                }
              }}
              onMouseDown={(e) => {
                if (e.button === 1) e.preventDefault();
              }}
              onAuxClick={(e) => {
                if (e.button === 1 && !view.affix) close(view);
              }}
            >
              <span
                className="tags-view__title"
                title={view.label ? `${routeTitle} · ${view.label}` : undefined}
              >
                {title}
              </span>
              {!view.affix && (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={`${t('tags.close')} ${title}`}
                  className="tags-view__close"
                  onClick={(e) => {
                    e.stopPropagation();
                    close(view);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
