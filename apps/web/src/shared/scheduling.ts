// Work that must not hold the first paint or input: after the next frame, or when the browser idles.

/** When the browser is idle (or after `timeout` ms at the latest, where it says). */
export function whenIdle(run: () => void, timeout?: number): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, timeout === undefined ? undefined : { timeout });
  else setTimeout(run, 100);
}

/** After the next frame has been painted, in a task of its own. */
export function afterPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** Resolves in a task of its own: what follows does not lengthen the task running now. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
