import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskScheduler, type PeriodicTask } from './scheduler';

const log = () => ({ warn: vi.fn() });

/** A task whose runs are counted and, when `gate` is set, wait for it to open. */
function countingTask(overrides: Partial<PeriodicTask> = {}) {
  let open: (() => void) | null = null;
  const task = {
    runs: 0,
    gated: false,
    release: () => open?.(),
    def: {
      name: 'count',
      firstRunMs: 1_000,
      intervalMs: 10_000,
      run: async () => {
        task.runs++;
        if (task.gated) await new Promise<void>((resolve) => (open = resolve));
      },
      ...overrides,
    } satisfies PeriodicTask,
  };
  return task;
}

describe('the task scheduler', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs a task after its first delay, then every interval, from start on', async () => {
    const scheduler = new TaskScheduler(log());
    const t = countingTask();
    scheduler.register(t.def);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.runs).toBe(0); // not started yet
    scheduler.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(t.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.runs).toBe(4);
    await scheduler.stop();
  });

  it('never starts a run under a run still going', async () => {
    const scheduler = new TaskScheduler(log());
    const t = countingTask();
    t.gated = true;
    scheduler.register(t.def);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(t.runs).toBe(1);
    t.release();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.runs).toBe(2);
    t.release();
    await scheduler.stop();
  });

  it('runs a task again sooner when it asks, and goes on after a failed run', async () => {
    const l = log();
    const scheduler = new TaskScheduler(l);
    let runs = 0;
    scheduler.register({
      name: 'flaky',
      firstRunMs: 0,
      intervalMs: 60_000,
      run: async ({ again }) => {
        runs++;
        if (runs === 1) again(5_000);
        if (runs === 2) throw new Error('database away');
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
    expect(l.warn).toHaveBeenCalledWith(expect.objectContaining({ task: 'flaky' }), 'The periodic task flaky failed');
    await vi.advanceTimersByTimeAsync(55_000);
    expect(runs).toBe(3);
    await scheduler.stop();
  });

  it('stopping aborts the signal, waits for the run under way and runs nothing more', async () => {
    const scheduler = new TaskScheduler(log());
    let signal: AbortSignal | null = null;
    let finished = false;
    let runs = 0;
    scheduler.register({
      name: 'long',
      firstRunMs: 0,
      intervalMs: 1_000,
      run: async (run) => {
        runs++;
        signal = run.signal;
        await new Promise<void>((resolve) => run.signal.addEventListener('abort', () => setTimeout(resolve, 100)));
        finished = true;
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopped = scheduler.stop();
    expect(signal!.aborted).toBe(true);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });

  it('refuses two tasks of one name, and starts a task registered after start at once', async () => {
    const scheduler = new TaskScheduler(log());
    scheduler.start();
    const t = countingTask({ firstRunMs: 0 });
    scheduler.register(t.def);
    expect(() => scheduler.register(countingTask().def)).toThrow('registered twice');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.runs).toBe(1);
    expect(scheduler.names()).toEqual(['count']);
    await scheduler.stop();
  });
});
