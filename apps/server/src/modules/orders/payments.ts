import {
  compareDecimals,
  currencyDigits,
  type Order,
  type OrderPaymentCreate,
  type OrderStatus,
  roundMoney,
} from '@quayside/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderPayments, orderStatusChanges, orders } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { getOrder } from './detail';
import { assertOrderVisible, inTransaction, loadRow } from './rows';

/** in_progress ↔ done, with who and when; setting the status it already has changes nothing. */
export async function setOrderStatus(
  db: Db,
  input: { id: number; status: OrderStatus },
  user: SessionUser,
): Promise<Order> {
  await assertOrderVisible(db, input.id, user);
  await inTransaction(db, async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ status: input.status, updatedAt: new Date() })
      .where(and(eq(orders.id, input.id), sql`${orders.status} <> ${input.status}`))
      .returning({ id: orders.id });
    if (!changed) {
      await loadRow(tx, input.id, user);
      return;
    }
    await tx
      .insert(orderStatusChanges)
      .values({ orderId: input.id, status: input.status, changedBy: user.id });
  });
  return getOrder(db, input.id, user);
}

/** Adds a payment and `paid` in one transaction (the row update serializes concurrent payments). */
export async function addPayment(db: Db, input: OrderPaymentCreate, user: SessionUser): Promise<Order> {
  await assertOrderVisible(db, input.order_id, user);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ paid: sql`${orders.paid} + ${input.amount}::numeric`, updatedAt: new Date() })
      .where(eq(orders.id, input.order_id))
      .returning({ currency: orders.currency });
    if (!row) throw invalid('order_id', 'recordNotFound', { thing: 'thingOrder' });
    const digits = currencyDigits(row.currency);
    if (compareDecimals(roundMoney(input.amount, row.currency), input.amount) !== 0)
      throw invalid('amount', 'orderAmountPlaces', { digits, currency: row.currency });
    await tx.insert(orderPayments).values({
      orderId: input.order_id,
      paidOn: input.date,
      amount: input.amount,
      remark: input.remark,
      createdBy: user.id,
    });
  });
  return getOrder(db, input.order_id, user);
}

export async function deletePayment(
  db: Db,
  input: { order_id: number; payment_id: number },
  user: SessionUser,
): Promise<Order> {
  await assertOrderVisible(db, input.order_id, user);
  await inTransaction(db, async (tx) => {
    const [gone] = await tx
      .delete(orderPayments)
      .where(and(eq(orderPayments.id, input.payment_id), eq(orderPayments.orderId, input.order_id)))
      .returning({ amount: orderPayments.amount });
    if (!gone) throw notFound('thingOrderPayment');
    await tx
      .update(orders)
      .set({ paid: sql`${orders.paid} - ${gone.amount}::numeric`, updatedAt: new Date() })
      .where(eq(orders.id, input.order_id));
  });
  return getOrder(db, input.order_id, user);
}
