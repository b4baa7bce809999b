import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

const KEY = 'overlay';

/** The overlay marker of the current history entry (react-router keeps `state` under `usr`). */
function overlayOfHistory(): unknown {
  const state = window.history.state as { usr?: Record<string, unknown> | null } | null;
  return state?.usr?.[KEY];
}

/**
 * A drawer that belongs to the page takes one step of the browser history while open, so
 * Back closes it instead of leaving it open over another page (issue 15). `requestClose`
 * may ask first (unsaved changes); if the user stays, it calls `stay` and the step is taken
 * again. Returns `closed`: call it when the drawer closed by other means (the step is given
 * back). The history is read from `window` because pages render against their tab's location.
 */
export function useBackCloses(open: boolean, id: string, requestClose: (stay: () => void) => void) {
  const navigate = useNavigate();
  const stepped = useRef(false);
  const requestRef = useRef(requestClose);
  requestRef.current = requestClose;

  const step = useCallback(() => {
    stepped.current = true;
    navigate(`${window.location.pathname}${window.location.search}`, { state: { [KEY]: id } });
  }, [navigate, id]);

  useEffect(() => {
    if (open && !stepped.current) step();
  }, [open, step]);

  useEffect(() => {
    if (!open) return;
    const onPop = () => {
      if (!stepped.current || overlayOfHistory() === id) return;
      stepped.current = false;
      requestRef.current(step);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open, id, step]);

  /** `giveBack: false` when the user is leaving for another page anyway (a link in the drawer). */
  return useCallback(
    (giveBack = true) => {
      if (!stepped.current) return;
      stepped.current = false;
      if (giveBack && overlayOfHistory() === id) navigate(-1);
    },
    [navigate, id],
  );
}
