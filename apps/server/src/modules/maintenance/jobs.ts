import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { purgeExpiredSessions } from '../../lib/sessions';
import { purgeOldLoginFailures } from '../auth/throttle';
import { autoReturnCustomers } from '../customers/auto-return';
import { purgeDeletedCustomers } from '../customers/service';
import { purgeDeletedProducts } from '../products/service';

export const PURGE_QUEUE = 'maintenance-purge';
export const AUTO_RETURN_QUEUE = 'customer-auto-return';

/**
 * Hourly: expired sessions, day-old failed logins and customers and products deleted over 30 days
 * ago go for good. Daily: the customer pool's auto-return.
 */
export async function registerMaintenanceJobs(jobs: Jobs, db: Db): Promise<void> {
  await jobs.work(PURGE_QUEUE, async () => {
    await purgeExpiredSessions(db);
    await purgeOldLoginFailures(db);
    await purgeDeletedCustomers(db);
    await purgeDeletedProducts(db);
  });
  await jobs.schedule(PURGE_QUEUE, '17 * * * *');
  // Daily: customers of salespeople idle past the company's auto-return days go back to the pool
  // (customers/auto-return.ts; safe when two instances both run it).
  await jobs.work(AUTO_RETURN_QUEUE, async () => {
    await autoReturnCustomers(db, new Date());
  });
  await jobs.schedule(AUTO_RETURN_QUEUE, '41 2 * * *');
}
