import { request } from '@playwright/test';
import { ADMIN, api, apiLogin, EDITOR, SECOND_ADMIN } from './support';

/** Users besides the admin, created by the admin through the API: an editor for the permission tests, and a second admin. */
export default async function globalSetup() {
  const token = await apiLogin(ADMIN);
  const ctx = await request.newContext();
  try {
    for (const [who, role] of [
      [EDITOR, 'editor'],
      [SECOND_ADMIN, 'admin'],
    ] as const) {
      const existing = await api<{ items: { username: string }[] }>(
        ctx,
        'GET',
        `/api/user/list/?q=${encodeURIComponent(who.username)}`,
        { token },
      );
      if (!existing.items.some((u) => u.username === who.username)) {
        await api(ctx, 'POST', '/api/user/create/', {
          token,
          data: { username: who.username, password: who.password, name: who.name, roles: [role] },
        });
      }
    }
  } finally {
    await ctx.dispose();
  }
}
