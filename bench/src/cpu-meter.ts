import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** A process's stat fields after its name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // gone between listing and reading
  }
}

/** CPU seconds a process used; with `reaped`, also those of its children that ended. */
function cpuOf(pid: number, reaped: boolean): number {
  const f = statFields(pid);
  if (!f) return 0;
  // After the name: utime, stime, cutime, cstime are fields 12–15 (0-based 11–14).
  const own = Number(f[11]) + Number(f[12]);
  return (own + (reaped ? Number(f[13]) + Number(f[14]) : 0)) / TICKS_PER_SECOND;
}

/**
 * PostgreSQL's CPU seconds so far: the postmaster, its live backends, and the backends
 * that already ended (their time is added to the postmaster when it reaps them).
 */
function postgresCpu(postmaster: number): number {
  let total = cpuOf(postmaster, true);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && Number(f[1]) === postmaster) total += cpuOf(Number(name), false);
  }
  return total;
}

/** Whether this machine shows processes' CPU times the way the meter reads them (Linux). */
export const canMeterCpu = existsSync('/proc/self/stat');

export type CpuSplit = { server: number; postgres: number; loadGenerator: number };

/**
 * Measures where the CPU of a phase goes on this machine (Linux /proc): the server
 * process, PostgreSQL, and this process (the load generator). `start()` returns a
 * function that answers the seconds each used since.
 */
export function cpuMeter(ids: { server: number; postmaster: number }) {
  const now = (): CpuSplit => {
    const self = process.cpuUsage();
    return {
      server: cpuOf(ids.server, true),
      postgres: postgresCpu(ids.postmaster),
      loadGenerator: (self.user + self.system) / 1e6,
    };
  };
  return {
    start() {
      const t0 = now();
      return (): CpuSplit => {
        const t1 = now();
        return {
          server: t1.server - t0.server,
          postgres: t1.postgres - t0.postgres,
          loadGenerator: t1.loadGenerator - t0.loadGenerator,
        };
      };
    },
  };
}

/** The postmaster's pid, from the first line of its pid file in the cluster folder. */
export function postmasterPid(clusterDir: string): number {
  return Number(readFileSync(`${clusterDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
