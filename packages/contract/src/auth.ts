import { z } from 'zod';

/** admin: everything; sales: her own customers, the pool, her mailboxes and documents; editor: spec §6 as written. */
export const ROLES = ['admin', 'sales', 'editor'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});
export const loginAnswer = z.object({ token: z.string() });

export const userInfoQuery = z.object({ token: z.string().optional() });
export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(role),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  /** True while the account still has the default first-admin password. */
  must_change_password: z.boolean(),
  setting: z.object({ articlePlatform: z.array(z.string()) }),
});
export type UserInfo = z.infer<typeof userInfo>;
export type LoginBody = z.input<typeof loginBody>;
