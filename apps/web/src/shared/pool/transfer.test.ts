import { customerTransfer } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import { transferBody } from './transfer';

describe('transferBody', () => {
  it('sends the chosen rows, not the user they come from', () => {
    const body = transferBody([3, 5], { from_user_id: 7, to_user_id: 9, with_mail_accounts: false });
    expect(body).toEqual({ ids: [3, 5], to_user_id: 9, with_mail_accounts: false });
    expect(customerTransfer.safeParse(body).success).toBe(true);
  });
  it('sends every customer of one user when no row was chosen', () => {
    for (const ids of [undefined, []]) {
      const body = transferBody(ids, { from_user_id: 7, to_user_id: 9, with_mail_accounts: true });
      expect(body).toEqual({ from_user_id: 7, to_user_id: 9, with_mail_accounts: true });
      expect(customerTransfer.safeParse(body).success).toBe(true);
    }
  });
});
