import { request } from '@playwright/test';
import { ADMIN, api, apiLogin, EDITOR } from './support';

/** A second user for the permission tests: an editor, created by the admin through the API. */
export default async function globalSetup() {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  try {
    const existing = await api<{ items: { username: string }[] }>(
      ctx,
      'GET',
      `/api/user/list/?q=${encodeURIComponent(EDITOR.username)}`,
      { token },
    );
    if (!existing.items.some((u) => u.username === EDITOR.username)) {
      await api(ctx, 'POST', '/api/user/create/', {
        token,
        data: { username: EDITOR.username, password: EDITOR.password, name: EDITOR.name, roles: ['editor'] },
      });
    }
  } finally {
    await ctx.dispose();
  }
}
