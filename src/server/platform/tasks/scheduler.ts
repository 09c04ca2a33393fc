/**
 * Periodic background tasks (the duplicates refresh, the audit retention sweep…): a module defines
 * a task, the app registers it, and the scheduler runs it from start to close. A task's runs never
 * overlap (a run longer than the interval is not started again under itself); a failing run is
 * logged and the next one comes at its time; the timers do not keep the process alive. Closing
 * aborts the runs' signal and waits for a running one, so no task outlives the database.
 */
export interface TaskRun {
  /** Aborted when the server closes: a long run stops at its next safe point. */
  readonly signal: AbortSignal;
  /** Runs the task once more after `ms`, sooner than its interval (work put off, or left over). */
  again(ms: number): void;
}

export interface PeriodicTask {
  /** Unique among the registered tasks; named in the log when a run fails. */
  name: string;
  /** Delay of the first run after start. */
  firstRunMs: number;
  intervalMs: number;
  run(run: TaskRun): Promise<void>;
}

export interface TaskLog {
  warn(obj: object, msg: string): void;
}

class ScheduledTask {
  private running: Promise<void> | null = null;
  private first: NodeJS.Timeout | undefined;
  private repeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    readonly task: PeriodicTask,
    private readonly signal: AbortSignal,
    private readonly log: TaskLog,
  ) {}

  start(): void {
    this.first = setTimeout(() => this.fire(), this.task.firstRunMs);
    this.repeat = setInterval(() => this.fire(), this.task.intervalMs);
    this.first.unref();
    this.repeat.unref();
  }

  private fire(): void {
    if (this.running || this.signal.aborted) return;
    this.running = (async () => {
      try {
        await this.task.run({ signal: this.signal, again: (ms) => this.later(ms) });
      } catch (err) {
        this.log.warn({ err, task: this.task.name }, `The periodic task ${this.task.name} failed`);
      } finally {
        this.running = null;
      }
    })();
  }

  private later(ms: number): void {
    clearTimeout(this.retry);
    if (this.signal.aborted) return;
    this.retry = setTimeout(() => this.fire(), ms);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.first);
    clearTimeout(this.retry);
    clearInterval(this.repeat);
    await this.running;
  }
}

export class TaskScheduler {
  private readonly tasks = new Map<string, ScheduledTask>();
  private readonly stopping = new AbortController();
  private started = false;

  constructor(private readonly log: TaskLog) {}

  /** Adds a task; it starts with the scheduler, or at once when the scheduler already runs. */
  register(task: PeriodicTask): void {
    if (this.tasks.has(task.name)) throw new Error(`The periodic task ${task.name} is registered twice`);
    const scheduled = new ScheduledTask(task, this.stopping.signal, this.log);
    this.tasks.set(task.name, scheduled);
    if (this.started && !this.stopping.signal.aborted) scheduled.start();
  }

  names(): string[] {
    return [...this.tasks.keys()];
  }

  start(): void {
    if (this.started || this.stopping.signal.aborted) return;
    this.started = true;
    for (const scheduled of this.tasks.values()) scheduled.start();
  }

  /** Stops every timer, aborts the runs' signal and waits for the runs under way. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all([...this.tasks.values()].map((t) => t.stop()));
  }
}
