import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Marks the element the pages scroll in (the shell's main area): what "the screen" is to a page. */
export const SCROLL_ROOT = 'data-scroll-root';

/**
 * The IntersectionObserver options of "on screen, or within `margin` of it". The root is the area
 * the page scrolls in: a margin around the window would stop at its edges.
 */
export const nearScreen = (element: Element, margin: string): IntersectionObserverInit => ({
  root: element.closest(`[${SCROLL_ROOT}]`),
  rootMargin: margin,
});

type Props = {
  /** What stands in its place until then (keep it about as tall: the page does not jump). */
  placeholder: ReactNode;
  children: ReactNode;
};

/**
 * Renders its children once their place comes within a screen's height of the screen, and keeps
 * them. What a phone opens below the fold (the dashboard's charts) then costs it nothing, neither
 * the download nor the main thread, until the reader scrolls towards it.
 */
export function NearScreen({ placeholder, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const seen = new IntersectionObserver(
      ([entry]) => entry?.isIntersecting && setNear(true),
      nearScreen(element, '100% 0px'),
    );
    seen.observe(element);
    return () => seen.disconnect();
  }, [near]);
  return near ? children : <div ref={box}>{placeholder}</div>;
}
