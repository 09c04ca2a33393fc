/**
 * How busy the (shared, 2-core) machine is, from /proc/stat: the benchmark waits for a quiet
 * moment before each measurement and records the load it ran under. Linux only (null elsewhere).
 */
import fs from 'node:fs';

function busyTicks(): { busy: number; total: number } | null {
  try {
    const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = values.map(Number);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - n[3] - n[4], total };
  } catch {
    return null;
  }
}

/** Starts a measurement; `stop()` gives the machine's busy share meanwhile (0–100 % of all cores). */
export function busyMeter() {
  const start = busyTicks();
  return {
    stop(): number | null {
      const end = busyTicks();
      if (!start || !end || end.total === start.total) return null;
      return Math.round((100 * (end.busy - start.busy)) / (end.total - start.total));
    },
  };
}

/** Waits (up to `maxSeconds`) until the machine was below `percent` busy for a whole second. */
export async function waitForQuiet(percent: number, maxSeconds: number): Promise<number | null> {
  const deadline = Date.now() + maxSeconds * 1000;
  let last: number | null = null;
  while (Date.now() < deadline) {
    const m = busyMeter();
    await new Promise((r) => setTimeout(r, 1000));
    last = m.stop();
    if (last === null || last < percent) return last;
  }
  return last;
}
