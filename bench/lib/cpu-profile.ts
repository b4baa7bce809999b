import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** `run` under the V8 CPU profiler, its profile written to `file` (open it in Chrome's DevTools); no file: just `run`. */
export async function profiled<T>(file: string, run: () => Promise<T>): Promise<T> {
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
