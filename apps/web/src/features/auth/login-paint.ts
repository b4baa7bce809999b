// The login page's first paint: the server sends it to a visit without a session
// (apps/server/src/lib/first-paint.ts), laid over the app, so the form shows and takes typing with
// the page's first bytes. The login page takes its place in its first commit, with what was typed,
// where the caret was, and a sign-in asked for meanwhile (the paint's script holds it back).

const PAINT_ID = 'login-paint';

export type LoginField = 'username' | 'password';

export interface LoginHandoff {
  username: string;
  password: string;
  /** The field that had the focus, and its selection; null when the focus was elsewhere. */
  focus: { field: LoginField; start: number | null; end: number | null } | null;
  /** Enter or the button was pressed before the app had arrived. */
  submitted: boolean;
}

/** What the paint holds, and the paint gone; null when there is none (any later call too). */
export function takeLoginPaint(): LoginHandoff | null {
  const paint = document.getElementById(PAINT_ID);
  if (!paint) return null;
  const form = paint.querySelector('form');
  const fields = {
    username: form?.querySelector<HTMLInputElement>('input[name="username"]'),
    password: form?.querySelector<HTMLInputElement>('input[name="password"]'),
  };
  const focused = (['username', 'password'] as const).find((name) => fields[name] === document.activeElement);
  const active = focused && fields[focused];
  const handoff: LoginHandoff = {
    username: fields.username?.value ?? '',
    password: fields.password?.value ?? '',
    focus: active ? { field: focused, start: active.selectionStart, end: active.selectionEnd } : null,
    submitted: form?.dataset.submitted !== undefined,
  };
  paint.remove();
  return handoff;
}

/** Takes the paint away unread: a screen other than the login page is showing. */
export function dropLoginPaint() {
  document.getElementById(PAINT_ID)?.remove();
}
