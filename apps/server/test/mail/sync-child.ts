/**
 * One account sync in a process of its own, for the crash test (sync-crash.test.ts): it waits a
 * little before each commit and says so, so that the parent can SIGKILL it in the middle of a batch.
 * Arguments: <database: postgres URL or PGlite dir> <files dir> <account id> <secret>.
 */
import { openPglite, openPostgres } from '../../src/db/client';
import { createEventHub } from '../../src/lib/events';
import { createFileStore } from '../../src/lib/files';
import { syncAccount } from '../../src/modules/email/sync/account';

const [target = '', filesDir = '', accountId = '0', secret = ''] = process.argv.slice(2);
const database = target.startsWith('postgres') ? await openPostgres(target, 2) : await openPglite(target);
await syncAccount(
  {
    database,
    db: database.db,
    files: createFileStore(filesDir),
    events: createEventHub(),
    secret,
    options: {
      batchSize: 10,
      parseLimit: 25 * 1024 * 1024,
      beforeCommit: async (uids) => {
        process.stdout.write(`batch ${uids[0]}\n`);
        await new Promise((r) => setTimeout(r, 100));
      },
    },
    log: () => {},
  },
  Number(accountId),
);
process.stdout.write('done\n');
await database.close();
