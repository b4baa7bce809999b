import { RequestError } from '@/shared/request';

/** The customer a 409 CONFLICT names when an email already belongs to someone else. */
export interface DuplicateCustomer {
  id: number;
  company_name: string;
  name: string;
}

export function duplicateOf(err: unknown): DuplicateCustomer | null {
  if (!(err instanceof RequestError) || err.code !== 'CONFLICT') return null;
  const details = err.details as { field?: unknown; customer?: Partial<DuplicateCustomer> } | undefined;
  const c = details?.customer;
  if (!c || typeof c.id !== 'number') return null;
  return { id: c.id, company_name: String(c.company_name ?? ''), name: String(c.name ?? '') };
}
