import type { Database } from '../../apps/server/src/db/client';

/**
 * Runs `load` with the table's secondary indexes dropped, then builds them again from their own
 * definitions (pg_indexes): one index build after a bulk load is many times faster than keeping a
 * trigram index up to date row by row. Primary keys and unique indexes stay (constraints).
 */
async function withIndexesRebuilt(database: Database, table: string, load: () => Promise<void>) {
  const { rows } = await database.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     JOIN pg_class c ON c.relname = i.indexname
     JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.tablename = $1 AND i.schemaname = current_schema() AND NOT x.indisunique`,
    [table],
  );
  for (const index of rows) await database.query(`DROP INDEX "${index.name}"`);
  await load();
  for (const index of rows) await database.query(index.def);
}

/**
 * `count` emails in one mailbox, by generate_series: 85% inbox (a tenth of it inquiries, a
 * twentieth quotations), 10% sent, 3% trash, 2% drafts, over the last 365 days; three in five
 * from one of the first `customers` customers (linked), the rest from strangers. Subjects, senders
 * and a short body vary by row, so a word is common ("price"), rare ("buyer 4217") or absent.
 */
export async function seedEmails(
  database: Database,
  count: number,
  customers: number,
  handlerId: number | null = null,
): Promise<void> {
  const account = await database.query<{ id: number }>(
    `INSERT INTO email_accounts (address, name, imap_host, imap_user, enabled)
     VALUES ('sales@bench.test', 'Sales', 'imap.bench.test', 'sales', false) RETURNING id`,
  );
  const accountId = account.rows[0]!.id;
  // The handler (when given) uses the mailbox, handles every fourth email and wrote every fourth sent one.
  if (handlerId !== null)
    await database.query('INSERT INTO email_account_users (account_id, user_id) VALUES ($1, $2)', [
      accountId,
      handlerId,
    ]);
  const first = await database.query<{ min: number }>(
    'SELECT coalesce(min(id), 0)::int AS min FROM customers',
  );
  // Ids given here, so each email is the first of its own thread without an UPDATE of every row.
  const last = await database.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM emails');
  const idBase = last.rows[0]!.max;
  await withIndexesRebuilt(database, 'emails', async () => {
    const batch = 250_000;
    for (let start = 1; start <= count; start += batch) {
      await database.query(
        `INSERT INTO emails (id, thread_id, account_id, folder, direction, type, status, message_id, dedupe_key, subject,
           base_subject, from_name, from_address, date, is_read, server_seen, text, customer_id, handler_id, created_by)
         SELECT $6::int + i, $6::int + i, $1::int,
                f.folder,
                CASE WHEN f.folder IN ('outbox', 'drafts') THEN 'out' ELSE 'in' END,
                CASE WHEN f.folder <> 'inbox' THEN 'normal' WHEN i % 10 = 0 THEN 'inquiry'
                     WHEN i % 20 = 1 THEN 'quotation' ELSE 'normal' END,
                'unhandled',
                'b' || i || '@bench.test',
                'b' || i,
                s.subject,
                lower(s.subject),
                'Contact ' || c.n,
                'buyer' || c.n || '@mail-' || (c.n % 997) || '.example',
                now() - ((i::bigint * 104729) % (365 * 86400)) * interval '1 second',
                i % 20 <> 0,
                i % 20 <> 0,
                'Dear Sir or Madam, ' || s.subject || '. Please send your best price, MOQ and lead time for '
                  || p.product || ' to buyer ' || c.n || '. Best regards, Contact ' || c.n,
                CASE WHEN i % 5 < 3 AND $3::int > 0 THEN $4::int + c.n % $3::int END,
                CASE WHEN i % 4 = 0 THEN $7::int END,
                CASE WHEN i % 4 = 0 AND f.folder IN ('outbox', 'drafts') THEN $7::int END
         FROM generate_series($2::int, $2::int + $5::int - 1) i,
              LATERAL (SELECT (i::bigint * 7919 % 100000)::int AS n) c,
              LATERAL (SELECT (ARRAY['steel kettle', 'bamboo board', 'glass bowl', 'cotton towel', 'oak shelf',
                'garden hose', 'desk lamp', 'ceramic mug'])[1 + i % 8] AS product) p,
              LATERAL (SELECT CASE WHEN i % 100 < 85 THEN 'inbox' WHEN i % 100 < 95 THEN 'outbox'
                WHEN i % 100 < 98 THEN 'trash' ELSE 'drafts' END AS folder) f,
              LATERAL (SELECT (ARRAY['Inquiry for ', 'Re: price of ', 'Samples of ', 'Shipping schedule for ',
                'Re: Re: quotation for ', 'Payment for ', 'Catalogue with ', 'Fwd: complaint about '])[1 + (i / 8) % 8]
                || p.product || ' ' || (i % 50000) AS subject) s`,
        [
          accountId,
          start,
          customers,
          first.rows[0]!.min,
          Math.min(batch, count - start + 1),
          idBase,
          handlerId,
        ],
      );
    }
  });
  await database.query(`SELECT setval(pg_get_serial_sequence('emails', 'id'), $1::int)`, [idBase + count]);
  await database.query('ANALYZE emails');
}

/** `count` products by generate_series, without pictures (search reads none). */
export async function seedSearchProducts(database: Database, count: number): Promise<void> {
  await withIndexesRebuilt(database, 'products', () =>
    database
      .query(
        `INSERT INTO products (name, model, factory, advantage, price, moq, published, created_at, updated_at)
         SELECT (ARRAY['Stainless steel', 'Aluminium', 'Bamboo', 'Ceramic', 'Glass', 'Cotton', 'ABS plastic', 'Oak'])[1 + i % 8]
                  || ' ' || (ARRAY['kettle', 'hose', 'shelf', 'lamp', 'wrench', 'towel', 'box', 'chair', 'bowl', 'rack'])[1 + i % 10]
                  || ' ' || i,
                'QS-' || i,
                (ARRAY['Ningbo Homeware Co.', 'Yiwu Daily Goods', 'Foshan Metalworks', 'Xiamen Bamboo Ltd'])[1 + i % 4],
                CASE WHEN i % 10 = 0 THEN 'Food grade, dishwasher safe, CE and LFGB certified' ELSE 'Durable and easy to clean' END,
                1 + i % 500 + (i % 100) / 100.0,
                100 * (1 + i % 20),
                i % 3 <> 0,
                now() - ((i::bigint * 104729) % (365 * 86400)) * interval '1 second',
                now() - ((i::bigint * 104729) % (365 * 86400)) * interval '1 second'
         FROM generate_series(1, $1::int) i`,
        [count],
      )
      .then(() => undefined),
  );
  await database.query('ANALYZE products');
}
