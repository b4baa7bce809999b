import { z } from 'zod';

export const SEARCH_KINDS = [
  'customer',
  'email',
  'inquiry',
  'quotation',
  'order',
  'invoice',
  'packing_list',
  'product',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** GET /api/search/?q=: at least two characters (one finds everything, and reads every index). */
export const searchQuery = z.object({ q: z.string().trim().min(2).max(100) });

export const searchHit = z.object({
  id: z.number().int(),
  /** A number (QT-2026-0001) or a name. */
  title: z.string(),
  /** Who or what it is about: the customer, the sender, the model (an inquiry: its customer, else its sender). */
  subtitle: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

/** Hits grouped by kind, in SEARCH_KINDS order; a kind the user may not list is left out. */
export const searchAnswer = z.object({
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), items: z.array(searchHit) })),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
