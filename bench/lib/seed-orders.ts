import type { Database } from '../../apps/server/src/db/client';

/**
 * `count` orders with 5 lines each, spread over 500 customers, 4 currencies, both statuses and the
 * last 365 days; each with its version 1 in document_versions (the whole content, as the app stores
 * it) and a payment on every third. Built with generate_series, so 50,000 orders take seconds.
 */
export async function seedOrders(database: Database, count: number): Promise<void> {
  await database.query(`INSERT INTO customers (company_name, name, email)
    SELECT 'Buyer ' || i || ' Trading', 'Contact ' || i, 'buyer' || i || '@bench.test' FROM generate_series(1, 500) i`);
  const customers = await database.query<{ min: number }>('SELECT min(id)::int AS min FROM customers');
  const first = customers.rows[0]!.min;
  // Five lines per order; quantity × price, summed, is the total (2 decimals for every currency here).
  await database.query(
    `INSERT INTO orders (number, name, customer_id, owner_id, status, currency, total, paid, search_text, created_at, updated_at)
    SELECT 'SO-2026-' || lpad(i::text, 6, '0'),
           '',
           $1::int + (i * 7919) % 500,
           1,
           CASE WHEN i % 3 = 0 THEN 'done' ELSE 'in_progress' END,
           (ARRAY['USD', 'EUR', 'GBP', 'CNY'])[1 + i % 4],
           t.total,
           CASE WHEN i % 3 = 0 THEN round(t.total * 0.3, 2) ELSE 0 END,
           lower('SO-2026-' || lpad(i::text, 6, '0') || ' buyer ' || ((i * 7919) % 500) || ' trading '
             || (ARRAY['steel kettle', 'bamboo board', 'glass bowl', 'cotton towel', 'oak shelf'])[1 + i % 5]
             || ' model-' || (i % 997)),
           now() - ((i::bigint * 104729) % (365 * 86400)) * interval '1 second',
           now() - ((i::bigint * 104729) % (365 * 86400)) * interval '1 second'
    FROM generate_series(1, $2::int) i,
         LATERAL (SELECT sum((10 + (i + k) % 90) * (1.25 + ((i * k) % 400) / 100.0)) AS total FROM generate_series(1, 5) k) t`,
    [first, count],
  );
  await database.query(`INSERT INTO document_versions (kind, document_id, version, content, summary, created_by)
    SELECT 'order', o.id, 1, jsonb_build_object(
      'number', o.number, 'name', '', 'customer_id', o.customer_id, 'customer_name', 'Buyer',
      'quotation_id', null, 'quotation_number', null, 'quotation_version', null,
      'contact_name', '', 'contact_email', '', 'currency', o.currency, 'trade_term', 'FOB',
      'port_of_loading', 'Ningbo', 'port_of_destination', 'Hamburg', 'payment_terms', '30% T/T',
      'delivery_date', null, 'discount', '0', 'shipping_cost', '0',
      'subtotal', o.total::text, 'total', o.total::text, 'remark', '',
      'items', (SELECT jsonb_agg(jsonb_build_object(
          'product_id', null, 'description', 'Line ' || k, 'model', 'M-' || k, 'picture_file_id', null,
          'quantity', ((10 + (o.id + k) % 90))::text, 'unit', 'pcs',
          'unit_price', (1.25 + ((o.id * k) % 400) / 100.0)::text,
          'amount', round((10 + (o.id + k) % 90) * (1.25 + ((o.id * k) % 400) / 100.0), 2)::text))
        FROM generate_series(1, 5) k)), 'created', 1
    FROM orders o`);
  await database.query(`INSERT INTO order_payments (order_id, paid_on, amount, created_by)
    SELECT id, current_date, paid, 1 FROM orders WHERE paid > 0`);
  await database.query(`INSERT INTO order_status_changes (order_id, status, changed_by)
    SELECT id, 'in_progress', 1 FROM orders`);
  await database.query('ANALYZE');
}
