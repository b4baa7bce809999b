import { loadConfig } from './config';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { startServer } from './server';

/** Another program (or another Quayside) listens on the port: the user picks another one. */
class PortInUseError extends Error {
  constructor(port: number) {
    super(`Port ${port} is in use — set PORT=… to a free one (e.g. PORT=${port + 1} npm start).`);
  }
}

async function main() {
  const t0 = performance.now();
  const config = loadConfig();
  const server = await startServer(config, { level: config.logLevel });
  if (process.argv.includes('--demo')) {
    const added = await seedDemo(server.app.ctx, { password: DEMO_PASSWORD });
    console.log(
      added
        ? `Demo data added: users ${added.usernames.join(', ')} (password ${DEMO_PASSWORD}), ${added.customers} customers, ${added.emails} emails.`
        : 'Demo data not added: the database is not new (it has colleagues, customers or mail accounts).',
    );
  }
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await server.stop();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(config.port);
    throw err;
  }
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `Quayside is ready at http://${shown}:${config.port} (${server.database.kind}, ${Math.round(performance.now() - t0)} ms)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping (finishing requests and sends under way)`);
    // A stop that hangs (a database gone away) must still end the process.
    setTimeout(
      () => {
        console.error('The stop took too long: exiting.');
        process.exit(1);
      },
      (config.shutdownSeconds + 15) * 1000,
    ).unref();
    await server.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  // Configuration and lock problems are the user's to fix: show the message, not a stack.
  const known =
    err instanceof Error &&
    ['ConfigError', 'DataDirLockedError', 'PortInUseError'].includes(err.constructor.name);
  console.error(known ? `\n${(err as Error).message}\n` : err);
  process.exit(1);
});
