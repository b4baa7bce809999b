import { z } from 'zod';
import { role } from './auth';
import { jsonValue, listQuery, queryBool, recordId } from './envelope';

export const PASSWORD_MIN = 8;
const password = z.string().min(PASSWORD_MIN).max(200);
const name = z.string().trim().min(1).max(100);
const username = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/);

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(role),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

export const userListQuery = listQuery.extend({
  role: role.optional(),
  disabled: queryBool.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userCreate = z.object({
  username,
  password,
  name,
  roles: z.array(role).min(1),
  introduction: z.string().max(2000).optional(),
});
export const userUpdate = z.object({
  id: recordId,
  name: name.optional(),
  roles: z.array(role).min(1).optional(),
  disabled: z.boolean().optional(),
  introduction: z.string().max(2000).optional(),
});
export const resetPassword = z.object({ id: recordId, password });

export const profileUpdate = z.object({
  name: name.optional(),
  /** An uploaded file's id; null removes the avatar. */
  avatar_file_id: recordId.nullable().optional(),
  introduction: z.string().max(2000).optional(),
});
export const changePassword = z.object({ old_password: z.string().min(1).max(200), new_password: password });

/** Remembered per user: list columns, saved search forms (spec §3) and other screen settings. */
export const PREFERENCE_KEY = /^[a-z0-9_.:-]{1,100}$/;
export const preferenceQuery = z.object({ key: z.string().regex(PREFERENCE_KEY) });
export const preferenceSet = z.object({
  key: z.string().regex(PREFERENCE_KEY),
  value: jsonValue.refine((v) => JSON.stringify(v).length <= 20_000, { message: 'Too large' }),
});
export const preference = z.object({ key: z.string(), value: jsonValue.nullable() });

export type UserCreate = z.input<typeof userCreate>;
export type UserUpdate = z.input<typeof userUpdate>;
export type ResetPassword = z.input<typeof resetPassword>;
export type ProfileUpdate = z.input<typeof profileUpdate>;
export type ChangePassword = z.input<typeof changePassword>;
export type PreferenceSet = z.input<typeof preferenceSet>;

/** Active users as choices (owner, handler pickers), for every signed-in user. */
export const userOption = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type UserOption = z.infer<typeof userOption>;
