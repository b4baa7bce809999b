import type { Database } from '../../apps/server/src/db/client';

const companies = [
  'Trading',
  'Imports',
  'Industrial',
  'Foods',
  'Machinery',
  'Textiles',
  'Logistics',
  'Electric',
  'Steel',
  'Pumps',
];
const places = [
  'Baltic',
  'Cairo',
  'Delta',
  'Andes',
  'Lagos',
  'Dubai',
  'Hamburg',
  'Osaka',
  'Lima',
  'Perth',
  'Oslo',
  'Dhaka',
];
const first = [
  'Anna',
  'Omar',
  'Li',
  'Maria',
  'John',
  'Fatima',
  'Ivan',
  'Sofia',
  'Ahmed',
  'Yuki',
  'Carlos',
  'Priya',
];
const last = ['Smith', 'Hassan', 'Wei', 'Garcia', 'Ivanov', 'Khan', 'Silva', 'Tanaka', 'Müller', 'Okafor'];
const sources = [1, 24, 27, 28, 29, 30];

/** `count` realistic customers in multi-row batches; deterministic, so runs compare. */
export async function seedCustomers(database: Database, count: number): Promise<void> {
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // The high bits: the low bits of this generator repeat with a short period.
    return Math.floor((seed / 2147483648) * n);
  };
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const place = places[rand(places.length)]!;
      const company = `${place} ${companies[rand(companies.length)]} ${i}`;
      const person = `${first[rand(first.length)]} ${last[rand(last.length)]}`;
      const received = rand(4) === 0 ? null : new Date(Date.now() - rand(365 * 86400) * 1000).toISOString();
      const row = [
        company,
        person,
        `buyer${i}@${place.toLowerCase()}-${i % 997}.example`,
        1 + rand(4),
        sources[rand(sources.length)],
        2 + rand(250),
        1 + rand(4),
        `+${1 + rand(98)} ${100000 + rand(899999)}`,
        rand(10) === 0 ? 'Met at Canton Fair, asked for FOB price' : '',
        received,
      ];
      const base = values.length;
      rows.push(`(${row.map((_, k) => `$${base + k + 1}`).join(',')})`);
      values.push(...row);
    }
    await database.query(
      `INSERT INTO customers (company_name, name, email, grade, source, nation, situation, phone, remark, last_received_at) VALUES ${rows.join(',')}`,
      values,
    );
  }
  await database.query('ANALYZE customers');
}
