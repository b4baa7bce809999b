import { afterAll } from 'vitest';
import { closeOpenApps } from './helpers';

// Runs for every test file (setupFiles), so the hook is the file's own even where test files share
// a worker's modules (isolate: false): the apps a file opened are closed after its last test.
afterAll(closeOpenApps);
