import { useCallback, useRef, useState } from 'react';
import { RequestError } from '../request';

/**
 * The one rule of every form's submit (issue 15): while its request runs, further submits
 * (a double click, Enter pressed twice) are ignored, and `submitting` disables the button.
 * The guard is a ref set synchronously, so a second click in the same tick cannot slip
 * through before React re-renders the button as loading.
 */
export function useSubmit<A extends unknown[]>(run: (...args: A) => Promise<unknown> | unknown) {
  const running = useRef(false);
  const runRef = useRef(run);
  runRef.current = run;
  const [submitting, setSubmitting] = useState(false);
  const submit = useCallback(async (...args: A): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setSubmitting(true);
    try {
      await runRef.current(...args);
    } catch (err) {
      // A failed request was already told to the user by the request wrapper (or is shown on
      // the form's fields by the caller); anything else is a fault for the error log.
      if (!(err instanceof RequestError)) throw err;
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }, []);
  return { submit, submitting };
}
