// CPU time of other local processes while a bench runs (PostgreSQL backends, Dovecot's imap), read from
// /proc. On a shared machine CPU seconds per message are steadier than wall time. Linux only: elsewhere
// the figures stay 0.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields from the 3rd (state) on; the 2nd, the command name, may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process, null when it is gone. */
function cpuSeconds(pid: number): number | null {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND : null;
}

/** Child processes of `parent` whose command name is `name`. */
export function childPids(parent: number, name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    const f = statFields(pid);
    if (f && Number(f[1]) === parent && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name)
      out.push(pid);
  }
  return out;
}

/**
 * CPU used by a changing set of processes between `start` and the last `sample`: processes that exist
 * at the start count from there, later ones from their birth; one that ended counts what it had used
 * at its last sample.
 */
export class ProcessCpu {
  private base = new Map<number, number>();
  private last = new Map<number, number>();

  constructor(private readonly pids: () => Promise<number[]> | number[]) {}

  /** The processes now; none when they cannot be listed (yet). */
  private async list(): Promise<number[]> {
    try {
      return await this.pids();
    } catch {
      return [];
    }
  }

  async start(): Promise<void> {
    for (const pid of await this.list()) {
      const s = cpuSeconds(pid);
      if (s !== null) this.base.set(pid, s);
    }
  }

  async sample(): Promise<void> {
    for (const pid of await this.list()) {
      const s = cpuSeconds(pid);
      if (s !== null) this.last.set(pid, s);
    }
  }

  get seconds(): number {
    let total = 0;
    for (const [pid, s] of this.last) total += s - (this.base.get(pid) ?? 0);
    return total;
  }
}
