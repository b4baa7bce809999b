import { nationIdByCode } from '@quayside/contract';
import type { Db } from '../db/client';
import { customers } from '../db/schema';

type Seed = [
  company: string,
  name: string,
  email: string,
  country: string,
  grade: number,
  source: number,
  job: string,
];

const buyers: Seed[] = [
  ['Baltic Steel Trading SIA', 'Anna Ozola', 'anna.ozola@balticsteel.lv', 'LV', 3, 1, 'Purchasing manager'],
  ['Cairo Foods Import Co.', 'Omar Hassan', 'omar@cairofoods.com.eg', 'EG', 2, 24, 'Owner'],
  ['Delta Pumps GmbH', 'Jonas Becker', 'j.becker@delta-pumps.de', 'DE', 3, 1, 'Head of sourcing'],
  ['Andes Maquinaria S.A.', 'Carlos Rojas', 'crojas@andesmaq.cl', 'CL', 2, 30, 'Import manager'],
  ['Lagos Building Supplies Ltd', 'Chidi Okafor', 'chidi@lagosbuild.ng', 'NG', 1, 24, 'Director'],
  ['Gulf Star Electric LLC', 'Fatima Al Mansoori', 'fatima@gulfstar.ae', 'AE', 3, 1, 'Procurement lead'],
  ['Hamburg Hardware KG', 'Lukas Schmidt', 'schmidt@hh-hardware.de', 'DE', 2, 28, 'Category buyer'],
  ['Osaka Kitchen Trading', 'Yuki Tanaka', 'tanaka@osaka-kitchen.jp', 'JP', 1, 30, 'Buyer'],
  ['Lima Textiles SAC', 'Maria Garcia', 'mgarcia@limatextiles.pe', 'PE', 2, 27, 'General manager'],
  ['Perth Outdoor Pty Ltd', 'Jack Wilson', 'jack@perthoutdoor.com.au', 'AU', 3, 24, 'Owner'],
  ['Nordic Home AS', 'Ingrid Hansen', 'ingrid@nordichome.no', 'NO', 2, 1, 'Product manager'],
  ['Dhaka Garments Ltd', 'Rahim Uddin', 'rahim@dhakagarments.bd', 'BD', 1, 24, 'Merchandiser'],
  ['Istanbul Valve Sanayi', 'Emre Yilmaz', 'emre@istvalve.com.tr', 'TR', 2, 1, 'Purchasing'],
  ['Warsaw Tools Sp. z o.o.', 'Piotr Nowak', 'p.nowak@warsawtools.pl', 'PL', 3, 29, 'Owner'],
  ['Mumbai Auto Parts Pvt Ltd', 'Priya Sharma', 'priya@mumbaiauto.in', 'IN', 2, 24, 'Sourcing head'],
  ['Saigon Furniture JSC', 'Nguyen Van An', 'an.nguyen@saigonfurniture.vn', 'VN', 1, 28, 'Director'],
  ['Texas Industrial Supply', 'Mike Johnson', 'mike@txindustrial.com', 'US', 3, 1, 'VP purchasing'],
  ['Toronto Lighting Inc.', 'Emily Chen', 'emily@torontolighting.ca', 'CA', 2, 30, 'Buyer'],
  ['Madrid Ceramica S.L.', 'Lucia Fernandez', 'lucia@madridceramica.es', 'ES', 4, 27, 'Owner'],
  ['Riyadh Trading Est.', 'Abdullah Al Saud', 'abdullah@riyadhtrading.sa', 'SA', 2, 24, 'Manager'],
  ['Nairobi Agro Ltd', 'Grace Wanjiru', 'grace@nairobiagro.co.ke', 'KE', 1, 28, 'Procurement'],
  ['São Paulo Embalagens', 'Ana Souza', 'ana@spembalagens.com.br', 'BR', 2, 1, 'Purchasing manager'],
  ['Milano Design Srl', 'Giulia Rossi', 'giulia@milanodesign.it', 'IT', 3, 1, 'Creative director'],
  ['London Office Supplies', 'Oliver Brown', 'oliver@londonoffice.co.uk', 'GB', 1, 29, 'Buyer'],
];

/**
 * Whose buyers are whose: Lily sells to Europe, Japan and Canada, Tom to the Middle East, Africa and
 * the Americas (each the customers whose mail they handle in the demo mailbox); the rest wait in the
 * public pool.
 */
const LILYS = new Set(['LV', 'DE', 'JP', 'CA', 'NO', 'PL', 'ES', 'IT']);
const TOMS = new Set(['EG', 'CL', 'NG', 'AE', 'US', 'TR', 'SA', 'KE']);

/** Two dozen buyers around the world, at every grade, some with recent mail. Idempotent by email. */
export async function seedDemoCustomers(db: Db, staff: { lily: number; tom: number }): Promise<number> {
  const rows = buyers.map(([company, name, email, country, grade, source, job], i) => ({
    companyName: company,
    name,
    email,
    nation: nationIdByCode(country),
    grade,
    source,
    situation: 1 + (i % 4),
    jobTitle: job,
    website: `www.${email.split('@')[1]}`,
    phone: `+${((i * 37) % 90) + 10} ${5550100 + i * 13}`,
    remark: i % 5 === 0 ? 'Met at the Canton Fair; asked for FOB prices and MOQ.' : '',
    ownerId: LILYS.has(country) ? staff.lily : TOMS.has(country) ? staff.tom : null,
    lastReceivedAt: i % 3 === 2 ? null : new Date(Date.now() - (i * 7 + 1) * 3_600_000),
    createdAt: new Date(Date.now() - (60 - i * 2) * 86_400_000),
  }));
  const inserted = await db
    .insert(customers)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: customers.id });
  return inserted.length;
}
