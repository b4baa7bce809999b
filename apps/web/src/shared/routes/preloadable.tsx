import { type ComponentType, lazy, useState } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Loads the module (once); the component then renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * Renewals of the screens whose download failed. `lazy` keeps its first answer, the failure, so a
 * screen is given a new one, which downloads again, only when the user asks to try again: renewed
 * at once, it would be downloaded again and again, since React mounts a screen that failed on its
 * first mount anew (its state is not kept), and each mount would take the newest `lazy`.
 */
const failed = new Set<() => void>();

/** Lets the screens whose download failed download again at their next render (an error boundary's "Try again"). */
export function retryFailedDownloads() {
  for (const renew of failed) renew();
  failed.clear();
}

/**
 * A component of its own chunk, like `lazy`, that renders at once when its module is already in.
 * main.tsx loads the first screen's shell and page before the app's first render, so the boot
 * screen gives way to the finished screen in one step instead of to a spinner first (`lazy` always
 * suspends once, even on a module that is in).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (error: unknown) => {
        pending = undefined;
        failed.add(() => {
          Lazy = lazy(preload);
        });
        throw error;
      },
    );
    return pending;
  };
  let Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level (routes.tsx, screens.ts), like `lazy`, never during a render.
  function PreloadedScreen(props: P) {
    // Fixed for the life of the element: switching from the lazy wrapper to the module itself
    // would be another component type, and remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadedScreen, { preload });
}
