// The server as main.ts starts it, then, after a quiet spell with no client, one JSON line on
// stdout: where its memory is. With IDLE_SEED=1 it only adds the sample data and exits (the
// measured start is a later one, on that data, as after a restart). Run by bench/idle-memory.ts.
import { loadConfig } from '../../apps/server/src/config';
import { seedDemo } from '../../apps/server/src/demo';
import { startServer } from '../../apps/server/src/server';

const QUIET_MS = Number(process.env.IDLE_QUIET_MS ?? 20_000);
const config = loadConfig();
const server = await startServer(config, false);
if (process.env.IDLE_SEED) {
  await seedDemo(server.app.ctx, { password: 'bench-demo-1' });
  await server.stop();
  process.exit(0);
}
await server.app.listen({ port: config.port, host: config.host });
await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
const mem = process.memoryUsage();
console.log(
  JSON.stringify({
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    heapTotal: mem.heapTotal,
    external: mem.external,
  }),
);
await server.stop();
process.exit(0);
