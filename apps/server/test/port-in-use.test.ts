import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers';
import { freePort, startServerProcess } from './server-process';

// A real server process on the embedded database, whatever the suite's database.
describe('starting on a port that is in use', () => {
  it('says which port and how to pick another, without a stack trace, and exits 1', async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const server = await startServerProcess({ dataDir: tempDir(), env: { PORT: String(port) } });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is in use — set PORT=`);
      expect(server.output()).not.toMatch(/\n\s+at /);
      expect(server.output()).not.toContain('EADDRINUSE');
    } finally {
      taken.close();
    }
  }, 120_000);
});
