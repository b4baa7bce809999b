import { COOKIE, cookies } from './cookies';
import { createStore, useStore } from './store';

/** Theme presets and default of SHELL.md. */
export const THEME_PRESETS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const DEFAULT_THEME = '#409EFF';
/** Spec §9 "interface size: medium" is antd's `middle`. */
export const INTERFACE_SIZE = 'middle' as const;
/** Spec §9: mobile below 1024 px. */
export const MOBILE_BREAKPOINT = 1024;
export const THEME_KEY = 'quayside.theme';

export type Device = 'desktop' | 'mobile';

export interface Settings {
  theme: string;
  sidebarOpened: boolean;
  device: Device;
}

/** SHELL.md: mobile when `document.body.getBoundingClientRect().width - 3 < 1024`. */
export function isMobileWidth(width: number): boolean {
  return width - 3 < MOBILE_BREAKPOINT;
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

function readTheme(): string {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return isHexColor(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** The device by the body's width (SHELL.md's rule). */
export function deviceNow(): Device {
  return isMobileWidth(document.body.getBoundingClientRect().width) ? 'mobile' : 'desktop';
}

/**
 * Known before the shell's first render (the page then holds only the boot screen or the first
 * paint, so measuring it is cheap): a phone's first render is its own, not a desktop shell that an
 * effect measures (a layout of the whole new page) and renders again as a phone's.
 */
const startDevice: Device = typeof document !== 'undefined' && document.body ? deviceNow() : 'desktop';

export const settingsStore = createStore<Settings>({
  theme: readTheme(),
  // Cookie sidebarStatus: "1" open, "0" closed; open by default. Always closed on a phone.
  sidebarOpened: startDevice === 'desktop' && cookies.get(COOKIE.sidebar) !== '0',
  device: startDevice,
});

export function setTheme(color: string): void {
  if (!isHexColor(color)) return;
  try {
    localStorage.setItem(THEME_KEY, color);
  } catch {
    // Private mode without storage: the colour still applies for this visit.
  }
  settingsStore.set((s) => ({ ...s, theme: color }));
}

export function toggleSidebar(): void {
  const opened = !settingsStore.get().sidebarOpened;
  if (settingsStore.get().device === 'desktop') cookies.set(COOKIE.sidebar, opened ? '1' : '0');
  settingsStore.set((s) => ({ ...s, sidebarOpened: opened }));
}

/** Close the sidebar without changing the remembered desktop choice (mobile). */
export function closeSidebar(): void {
  settingsStore.set((s) => (s.sidebarOpened ? { ...s, sidebarOpened: false } : s));
}

export function setDevice(device: Device): void {
  settingsStore.set((s) => {
    if (s.device === device) return s;
    // Back on a wide screen the remembered choice applies again.
    const sidebarOpened = device === 'mobile' ? false : cookies.get(COOKIE.sidebar) !== '0';
    return { ...s, device, sidebarOpened };
  });
}

export const useSettings = () => useStore(settingsStore);
