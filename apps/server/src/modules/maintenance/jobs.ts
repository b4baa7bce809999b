import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { purgeExpiredSessions } from '../../lib/sessions';
import { purgeOldLoginFailures } from '../auth/throttle';
import { purgeDeletedCustomers } from '../customers/service';
import { purgeDeletedProducts } from '../products/service';

export const PURGE_QUEUE = 'maintenance-purge';

/** Hourly: expired sessions, day-old failed logins and customers and products deleted over 30 days ago go for good. */
export async function registerMaintenanceJobs(jobs: Jobs, db: Db): Promise<void> {
  await jobs.work(PURGE_QUEUE, async () => {
    await purgeExpiredSessions(db);
    await purgeOldLoginFailures(db);
    await purgeDeletedCustomers(db);
    await purgeDeletedProducts(db);
  });
  await jobs.schedule(PURGE_QUEUE, '17 * * * *');
}
