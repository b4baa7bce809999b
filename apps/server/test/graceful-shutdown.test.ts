import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers';
import { type ServerProcess, startServerProcess, waitUntilReady } from './server-process';

// The real server process (src/main.ts) on the embedded database, stopped the way a container
// runtime or systemd stops it: SIGTERM.
const PASSWORD = 'shutdown-pass';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function start(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    dataDir: tempDir(),
    env: { QUAYSIDE_ADMIN_PASSWORD: PASSWORD, QUAYSIDE_LOG_LEVEL: 'silent', ...env },
  });
  await waitUntilReady(server);
  return server;
}

/**
 * POST /api/login/ whose body the test sends in two halves: between them the request is under way
 * on the server (headers read, body awaited) for as long as the test likes.
 */
function slowLogin(port: number) {
  const body = JSON.stringify({ username: 'admin', password: PASSWORD });
  const half = Math.floor(body.length / 2);
  let status = 0;
  let text = '';
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/login/',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => resolve({ status, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  request.flushHeaders();
  return { answered, finish: () => request.end(body.slice(half)) };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

async function token(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** An open live-event stream; `ended` resolves when the server ends it. */
function openEvents(port: number, tokenValue: string) {
  return new Promise<{ ended: Promise<void> }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `/api/events/?token=${tokenValue}` }, (res) => {
        const ended = new Promise<void>((done) => {
          res.on('end', () => done());
          res.on('close', () => done());
        });
        res.resume();
        resolve({ ended });
      })
      .on('error', reject);
  });
}

const signal = (server: ServerProcess, name: NodeJS.Signals) => process.kill(server.process.pid!, name);

describe('SIGTERM stops the server in order', () => {
  it('stops taking connections, ends live streams, finishes the request under way, exits 0', async () => {
    const server = await start();
    const events = await openEvents(server.port, await token(server.port));
    const slow = slowLogin(server.port);
    await sleep(300); // the request's headers have reached the server

    signal(server, 'SIGTERM');
    await until('the stop to begin', () => server.output().includes('SIGTERM: stopping'));
    await until('the listener to close', () => refusesConnections(server.port));
    await events.ended;
    await sleep(500); // still waiting for the slow request: the process is alive
    expect(server.process.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ error_status: 0, data: { token: expect.any(String) } });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('cuts a request that outlasts QUAYSIDE_SHUTDOWN_SECONDS and still exits 0', async () => {
    const server = await start({ QUAYSIDE_SHUTDOWN_SECONDS: '1' });
    const stuck = slowLogin(server.port);
    const cut = stuck.answered.then(
      () => 'answered',
      () => 'cut',
    );
    await sleep(300);
    const t0 = Date.now();
    signal(server, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await cut).toBe('cut');
    expect(server.output()).toContain('Requests still running after 1 s');
  }, 120_000);
});
