/**
 * Messages and notifications from code outside React (the request wrapper, the guard).
 * The app registers its themed instances (shared/feedback) at start; tests register fakes.
 */
export type Level = 'success' | 'info' | 'warning' | 'error';

/** Spec §9: notifications and error messages stay 5 seconds. */
export const NOTICE_SECONDS = 5;

export interface Notifier {
  message(level: Level, text: string, seconds?: number): void;
  notification(level: Level, title: string, text: string, seconds?: number): void;
}

const consoleNotifier: Notifier = {
  message: (level, text) => console[level === 'error' ? 'error' : 'log'](`[${level}] ${text}`),
  notification: (level, title, text) =>
    console[level === 'error' ? 'error' : 'log'](`[${level}] ${title}: ${text}`),
};

let current: Notifier = consoleNotifier;
/** What was told before the app rendered (a session found expired at start): shown once it has. */
let early: ((n: Notifier) => void)[] | null = [];

export function setNotifier(n: Notifier | null): void {
  current = n ?? consoleNotifier;
  if (!n || !early) return;
  for (const tell of early) tell(n);
  early = null;
}

function tell(say: (n: Notifier) => void): void {
  say(current);
  if (current === consoleNotifier && early && early.length < 10) early.push(say);
}

export const notify: Notifier = {
  message: (level, text, seconds) => tell((n) => n.message(level, text, seconds)),
  notification: (level, title, text, seconds) => tell((n) => n.notification(level, title, text, seconds)),
};
