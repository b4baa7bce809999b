import { z } from 'zod';

/** GET /api/demo/ (admin): whether sample data can still be added, i.e. the database is new. */
export const demoStatus = z.object({ available: z.boolean() });
export type DemoStatus = z.infer<typeof demoStatus>;

/** POST /api/demo/seed/ (admin): what the sample data added. */
export const demoSeeded = z.object({
  /** Sample staff; from the app they get a random password, which an admin resets to sign in as them. */
  usernames: z.array(z.string()),
  customers: z.number().int(),
  emails: z.number().int(),
});
export type DemoSeeded = z.infer<typeof demoSeeded>;
