import http from 'node:http';

export type LoadResult = {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

/**
 * `concurrency` clients, each sending its next request as soon as the last one answered, for
 * `seconds`; latencies in milliseconds. Loopback only.
 */
export async function runLoad(
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const client = async () => {
    while (performance.now() < end) await once();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  return {
    requests: latencies.length,
    errors,
    rps: round(latencies.length / elapsed),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
