import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft, trackSave } from './api';
import type { DraftFields } from './draft-fields';
import { DraftSaver, type SaverState } from './draft-saver';

const INITIAL: SaverState = { status: 'saved', savedAt: null, theirVersion: null, error: null };

/**
 * The draft's saver, started once the editor has the draft, and flushed when the user looks away:
 * the window loses focus, the page is hidden or closed, or the editor's tab goes.
 */
export function useDraftSaver(id: number) {
  const [state, setState] = useState<SaverState>(INITIAL);
  const saver = useRef<DraftSaver | null>(null);

  const start = useCallback(
    (version: string, loaded: DraftFields) => {
      saver.current?.dispose();
      saver.current = new DraftSaver(id, version, loaded, {
        save: (body) => trackSave(id, saveDraft(body)),
        onState: setState,
      });
      setState(INITIAL);
      return saver.current;
    },
    [id],
  );

  useEffect(() => {
    const flush = () => void saver.current?.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    // Closing or reloading with a save still owed: try it, and let the browser ask.
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const s = saver.current;
      if (!s?.dirty || s.status === 'sent') return;
      flush();
      e.preventDefault();
    };
    window.addEventListener('blur', flush);
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', flush);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onVisibility);
      const s = saver.current;
      if (s) void s.flush().finally(() => s.dispose());
    };
  }, []);

  return { state, saver, start };
}
