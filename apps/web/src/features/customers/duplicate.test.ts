import { describe, expect, it } from 'vitest';
import { RequestError } from '@/shared/request';
import { duplicateOf } from './duplicate';

describe('duplicateOf', () => {
  it('names the customer of a 409 about the email', () => {
    const err = new RequestError('business', 'taken', 409, 'CONFLICT', {
      field: 'email',
      customer: { id: 24, company_name: 'London Office Supplies', name: 'Oliver Brown' },
    });
    expect(duplicateOf(err)).toEqual({
      id: 24,
      company_name: 'London Office Supplies',
      name: 'Oliver Brown',
    });
  });

  it('is null for any other failure', () => {
    expect(
      duplicateOf(
        new RequestError('business', 'bad', 400, 'VALIDATION_FAILED', [{ field: 'email', msg: 'x' }]),
      ),
    ).toBeNull();
    expect(duplicateOf(new RequestError('business', 'x', 409, 'CONFLICT', { id: 3 }))).toBeNull();
    expect(duplicateOf(new Error('x'))).toBeNull();
  });
});
