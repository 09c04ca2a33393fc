/**
 * CPU time of the load generator (this process), the server process and PostgreSQL's
 * processes, from /proc (Linux; null elsewhere), to show how the 2 cores are shared.
 */
import fs from 'node:fs';
import os from 'node:os';

const CLOCK_TICKS_PER_SECOND = 100;

function ticksOf(pid: number | 'self'): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null;
  }
}

function postgresTicks(): number | null {
  try {
    let total = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += ticksOf(Number(entry)) ?? 0;
      } catch {
        /* process ended */
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Busy ticks of the whole machine (all cores), from the first line of /proc/stat. */
function machineBusyTicks(): number | null {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = values.map(Number);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return total - n[3] - n[4]; // less idle and iowait
  } catch {
    return null;
  }
}

export interface CpuShare {
  /** Percent of one core over the measured interval (200 = both cores of a 2-core machine). */
  loadGenerator: number | null;
  server: number | null;
  postgres: number | null;
  /** Everything else on the machine (other users' builds, tests, browsers): disturbs the measurement. */
  other: number | null;
  /** 1-minute load average when the interval began. */
  loadAverageAtStart: number;
}

export function cpuMeter(serverPid: number): () => CpuShare {
  const loadAverageAtStart = Math.round(os.loadavg()[0] * 100) / 100;
  const start = { at: performance.now(), self: ticksOf('self'), server: ticksOf(serverPid), pg: postgresTicks(), busy: machineBusyTicks() };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const pct = (a: number | null, b: number | null) =>
      a === null || b === null ? null : Math.round(((b - a) / CLOCK_TICKS_PER_SECOND / seconds) * 100);
    const share = {
      loadGenerator: pct(start.self, ticksOf('self')),
      server: pct(start.server, ticksOf(serverPid)),
      postgres: pct(start.pg, postgresTicks()),
    };
    const busy = pct(start.busy, machineBusyTicks());
    const ours = (share.loadGenerator ?? 0) + (share.server ?? 0) + (share.postgres ?? 0);
    return { ...share, other: busy === null ? null : Math.max(0, busy - ours), loadAverageAtStart };
  };
}

/** Percent of one core used by the whole machine over `ms` milliseconds (null off Linux). */
export async function machineBusyPercent(ms: number): Promise<number | null> {
  const a = machineBusyTicks();
  await new Promise((r) => setTimeout(r, ms));
  const b = machineBusyTicks();
  return a === null || b === null ? null : Math.round(((b - a) / CLOCK_TICKS_PER_SECOND / (ms / 1000)) * 100);
}

/**
 * Waits (up to `maxSeconds`) until other work on the machine uses less than `maxPercent` of
 * one core, measured over 5 s windows while the benchmark itself is idle. Returns the last reading.
 */
export async function waitForQuietMachine(maxSeconds: number, maxPercent: number, log: (msg: string) => void): Promise<number | null> {
  const deadline = Date.now() + maxSeconds * 1000;
  let busy = await machineBusyPercent(5000);
  while (busy !== null && busy > maxPercent && Date.now() < deadline) {
    log(`machine busy with other work (${busy}% of a core); waiting for < ${maxPercent}% (up to ${Math.round((deadline - Date.now()) / 1000)} s more)`);
    busy = await machineBusyPercent(5000);
  }
  if (busy !== null && busy > maxPercent) log(`still busy (${busy}%): running anyway, the CPU table will show it`);
  return busy;
}
