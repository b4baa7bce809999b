import { useCallback, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { registerTabGuard, TabPathContext } from './tab-guards';

/**
 * The "Discard unsaved changes?" question: `ask(discard, onStay)` runs `discard` only after
 * the user agrees; `onStay` when they keep editing. One question at a time.
 */
export function useDiscardConfirm() {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const asking = useRef(false);
  return useCallback(
    (discard: () => void, onStay?: () => void) => {
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
          discard();
        },
        onCancel: () => {
          asking.current = false;
          onStay?.();
        },
      });
    },
    [modal, t],
  );
}

/**
 * Keeps what a user typed (issue 15). `isDirty` is asked at the moment of leaving:
 * - a reload or a closed browser tab asks the browser's own "Leave site?" (`beforeunload`);
 * - closing the shell tab the form is in (×, close others, close all) asks first;
 * - `confirmClose(close)` runs `close` at once when nothing changed, else after the user
 *   agrees to "Discard unsaved changes?" (Esc, ×, Cancel and browser Back go through it).
 */
export function useDiscardGuard(isDirty: () => boolean, active = true) {
  const ask = useDiscardConfirm();
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const tabPath = useContext(TabPathContext);

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

  useEffect(() => {
    if (!active || tabPath === null) return;
    return registerTabGuard(tabPath, () => dirtyRef.current());
  }, [active, tabPath]);

  const confirmClose = useCallback(
    (close: () => void, onStay?: () => void) => {
      if (!dirtyRef.current()) {
        close();
        return;
      }
      ask(close, onStay);
    },
    [ask],
  );
  return confirmClose;
}
