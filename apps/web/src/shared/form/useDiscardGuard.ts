import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Keeps what a user typed (issue 15). `isDirty` is asked at the moment of leaving:
 * - a reload or a closed browser tab asks the browser's own "Leave site?" (`beforeunload`);
 * - `confirmClose(close)` runs `close` at once when nothing changed, else after the user
 *   agrees to "Discard unsaved changes?" (Esc, ×, Cancel and browser Back go through it).
 */
export function useDiscardGuard(isDirty: () => boolean, active = true) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const asking = useRef(false);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current()) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const confirmClose = useCallback(
    (close: () => void, onStay?: () => void) => {
      if (!dirtyRef.current()) {
        close();
        return;
      }
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('form.discardTitle'),
        content: t('form.discardText'),
        okText: t('form.discard'),
        okButtonProps: { danger: true },
        // Enter or a stray key keeps the text: throwing it away takes a deliberate click.
        autoFocusButton: 'cancel',
        cancelText: t('form.keepEditing'),
        onOk: () => {
          asking.current = false;
          close();
        },
        onCancel: () => {
          asking.current = false;
          onStay?.();
        },
      });
    },
    [modal, t],
  );
  return confirmClose;
}
