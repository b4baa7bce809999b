import type { CustomerTransfer } from '@quayside/contract';

/** What the transfer dialog asks: from whom (when no rows were chosen), to whom, with the mailboxes. */
export type TransferChoice = { from_user_id?: number; to_user_id: number; with_mail_accounts: boolean };

/**
 * The body of POST /api/customer/transfer/: the chosen rows, or, without any, every customer of
 * the user they come from (the contract takes one or the other, never both).
 */
export function transferBody(ids: readonly number[] | undefined, choice: TransferChoice): CustomerTransfer {
  const rows = ids && ids.length > 0 ? { ids: [...ids] } : { from_user_id: choice.from_user_id };
  return { ...rows, to_user_id: choice.to_user_id, with_mail_accounts: choice.with_mail_accounts };
}
