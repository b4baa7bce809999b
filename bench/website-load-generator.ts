// The load generator of bench/website-load.ts. It shares the machine's two cores with the server, so
// every cycle it spends is one the server does not get: `wrk` (Debian's package, C, one thread) when
// it is installed, else a small keep-alive client on raw sockets (one pre-encoded request per
// connection, the answer's length read from Content-Length, nothing else parsed). Node's http client
// (bench/lib/load.ts) costs several times more per request; `--generator=agent` still picks it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type LoadResult, runLoad } from './lib/load';

export type Generator = 'wrk' | 'socket' | 'agent';

/** The generator asked for (`--generator=`), or the lightest one here: wrk when installed. */
export function pickGenerator(asked: string): Generator {
  if (asked === 'wrk' || asked === 'socket' || asked === 'agent') return asked;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (err) {
    // wrk --version exits 1 after printing its version: installed all the same.
    return (err as { status?: number }).status === 1 ? 'wrk' : 'socket';
  }
}

export const GENERATOR_NAMES: Record<Generator, string> = {
  wrk: 'wrk (Debian package, 1 thread)',
  socket: 'node raw-socket keep-alive client',
  agent: 'node http.Agent keep-alive client (bench/lib/load.ts)',
};

export function generate(
  generator: Generator,
  url: string,
  headers: Record<string, string>,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  if (generator === 'wrk') return runWrk(url, headers, clients, seconds);
  if (generator === 'socket') return runSockets(url, headers, clients, seconds);
  return runLoad(url, headers, clients, seconds);
}

const round = (n: number) => Math.round(n * 10) / 10;

function summary(latencies: number[], errors: number, elapsedS: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  return {
    requests: latencies.length,
    errors,
    rps: round(latencies.length / elapsedS),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

/** `clients` keep-alive connections, each sending its next request when the last answer is read. */
async function runSockets(
  url: string,
  headers: Record<string, string>,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  const u = new URL(url);
  const request = Buffer.from(
    `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const CRLF2 = Buffer.from('\r\n\r\n');
  const client = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(u.port || 80), u.hostname);
      socket.setNoDelay(true);
      let t0 = 0;
      let pending: Buffer | null = null;
      let bodyLeft = -1; // -1: reading the head
      let status = 0;
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          return;
        }
        t0 = performance.now();
        socket.write(request);
      };
      const fail = () => {
        errors++;
        socket.destroy();
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        let data = pending ? Buffer.concat([pending, chunk]) : chunk;
        pending = null;
        while (data.length > 0) {
          if (bodyLeft < 0) {
            const headEnd = data.indexOf(CRLF2);
            if (headEnd < 0) {
              pending = data;
              return;
            }
            const head = data.toString('latin1', 0, headEnd);
            status = Number(head.slice(9, 12));
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
            if (!length) return fail(); // every page of the site is sent with its length
            bodyLeft = Number(length[1]);
            data = data.subarray(headEnd + 4);
          }
          const take = Math.min(bodyLeft, data.length);
          bodyLeft -= take;
          data = data.subarray(take);
          if (bodyLeft > 0) return;
          bodyLeft = -1;
          if (status === 200) latencies.push(performance.now() - t0);
          else errors++;
          send();
        }
      });
      socket.on('error', fail);
      socket.on('close', () => resolve());
    });
  await Promise.all(Array.from({ length: clients }, client));
  return summary(latencies, errors, (performance.now() - started) / 1000);
}

/** wrk's own figures: its latency histogram's percentiles, printed as JSON by a `done` hook. */
async function runWrk(
  url: string,
  headers: Record<string, string>,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qs-wrk-'));
  const script = path.join(dir, 'report.lua');
  writeFileSync(
    script,
    `done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status + summary.errors.timeout
  io.write(string.format('RESULT {"requests":%d,"errors":%d,"us":%d,"p50":%f,"p95":%f,"p99":%f}\\n',
    summary.requests, errors, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`,
  );
  try {
    const args = ['-t1', `-c${clients}`, `-d${seconds}s`, '--timeout', '10s', '-s', script];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
    args.push(url);
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => {
        text += d.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}`))));
    });
    const line = /RESULT (\{.*\})/.exec(out);
    if (!line) throw new Error(`wrk printed no result:\n${out}`);
    const r = JSON.parse(line[1]!) as {
      requests: number;
      errors: number;
      us: number;
      p50: number;
      p95: number;
      p99: number;
    };
    const ok = r.requests - r.errors;
    return {
      requests: ok,
      errors: r.errors,
      rps: round(ok / (r.us / 1e6)),
      p50: round(r.p50 / 1000),
      p95: round(r.p95 / 1000),
      p99: round(r.p99 / 1000),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
