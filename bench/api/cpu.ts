/**
 * CPU time of the load generator (this process), the server process and the PostgreSQL
 * backends of the benchmark database, from /proc (Linux; null elsewhere), to show how the
 * 2 cores are shared, and how much other work on the machine took.
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

/**
 * CPU ticks of the PostgreSQL backends serving `database` (their command line is
 * "postgres: <user> <database> <client> …"), per process id. Other databases' backends on the
 * same server (other people's tests) are not ours and count as "other".
 */
function postgresTicks(database: string): Map<number, number> {
  const out = new Map<number, number>();
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!cmdline.includes(` ${database} `)) continue;
      const ticks = ticksOf(Number(entry));
      if (ticks !== null) out.set(Number(entry), ticks);
    } catch {
      /* process ended */
    }
  }
  return out;
}

/** Ticks used between two snapshots by the processes alive at the end (new ones count fully). */
function ticksSince(start: Map<number, number>, end: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of end) total += ticks - (start.get(pid) ?? 0);
  return total;
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
  /** Backends of the benchmark database (null on PGlite, which runs inside the server). */
  postgres: number | null;
  /** Everything else on the machine (other users' builds, tests, browsers): disturbs the measurement. */
  other: number | null;
  /** 1-minute load average when the interval began. */
  loadAverageAtStart: number;
}

export function cpuMeter(serverPid: number, pgDatabase: string | null): () => CpuShare {
  const loadAverageAtStart = Math.round(os.loadavg()[0] * 100) / 100;
  const pg = () => (pgDatabase ? postgresTicks(pgDatabase) : new Map<number, number>());
  const start = { at: performance.now(), self: ticksOf('self'), server: ticksOf(serverPid), pg: pg(), busy: machineBusyTicks() };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const pct = (ticks: number | null) => (ticks === null ? null : Math.round((ticks / CLOCK_TICKS_PER_SECOND / seconds) * 100));
    const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
    const share = {
      loadGenerator: pct(diff(start.self, ticksOf('self'))),
      server: pct(diff(start.server, ticksOf(serverPid))),
      postgres: pgDatabase ? pct(ticksSince(start.pg, pg())) : null,
    };
    const busy = pct(diff(start.busy, machineBusyTicks()));
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
  const started = Date.now();
  const deadline = started + maxSeconds * 1000;
  let busy = await machineBusyPercent(3000);
  let lastLog = 0;
  while (busy !== null && busy > maxPercent && Date.now() < deadline) {
    if (Date.now() - lastLog > 30_000) {
      log(`machine busy with other work (${busy}% of a core); waiting for < ${maxPercent}% (up to ${Math.round((deadline - Date.now()) / 1000)} s more)`);
      lastLog = Date.now();
    }
    busy = await machineBusyPercent(3000);
  }
  if (busy !== null && busy > maxPercent) log(`still busy (${busy}%): running anyway, the CPU table will show it`);
  else if (lastLog > 0) log(`quiet after ${Math.round((Date.now() - started) / 1000)} s`);
  return busy;
}
