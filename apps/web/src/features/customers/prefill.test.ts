import { describe, expect, it } from 'vitest';
import { initialValues, toBody } from './components/useCustomerForm';
import { prefillFrom } from './prefill';

describe('the customer form', () => {
  it('prefills texts and lookup ids from a link, nothing else', () => {
    expect(prefillFrom('?email=ann@acme.com&name=Ann&grade=2&nation=x&owner_id=5&token=abc')).toEqual({
      email: 'ann@acme.com',
      name: 'Ann',
      grade: 2,
    });
    expect(prefillFrom(`?qq=${'9'.repeat(50)}`).qq).toHaveLength(30);
  });

  it('starts a new customer empty, owned by the user, with the prefill', () => {
    const values = initialValues(null, { name: 'Ann' }, 7);
    expect(values).toMatchObject({ name: 'Ann', company_name: '', grade: null, owner_id: 7 });
  });

  it('sends trimmed texts and null for empty choices', () => {
    const values = initialValues(null, {}, 7);
    const body = toBody({
      ...values,
      company_name: '  Acme  ',
      grade: 2,
      email: ' ann@acme.com ',
      source: undefined as never,
    });
    expect(body).toMatchObject({
      company_name: 'Acme',
      email: 'ann@acme.com',
      grade: 2,
      source: null,
      owner_id: 7,
      remark: '',
    });
    expect(Object.keys(body)).toHaveLength(16);
  });
});
