/**
 * HTTP scenarios driven by autocannon. Latency percentiles are computed from every response
 * time (autocannon's own histogram has no p95), measured from sending the request to the
 * last byte of the response.
 */
import autocannon, { type RawRequest, type RequestSpec, type Result } from 'autocannon';
import { cpuMeter, type CpuShare } from './cpu';
import { summarize, type LatencySummary } from './stats';

export interface Scenario {
  name: string;
  /** What it requests, for the report. */
  request: string;
  connections: number;
  /** Measured seconds, when not the default. */
  seconds?: number;
  spec: () => RequestSpec;
}

export interface ScenarioResult {
  name: string;
  request: string;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Mean bytes received per response (headers and body, as sent with BENCH_ACCEPT_ENCODING). */
  meanResponseBytes: number;
  /** CPU use during the measured interval, in percent of one core. */
  cpu: CpuShare;
}

/** Round-robin over a list, shared by all connections of a scenario. */
export function cycler<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

export function getWith(pathFor: () => string): RequestSpec {
  return {
    method: 'GET',
    setupRequest: (req: RawRequest) => ({ ...req, path: pathFor() }),
  };
}

async function fire(url: string, token: string, scenario: Scenario, seconds: number, record: boolean, acceptEncoding: string) {
  const times: number[] = [];
  let bytes = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: scenario.connections,
        duration: seconds,
        timeout: 60,
        // As a browser sends it: the bytes counted are the bytes on the wire (compressed when the server compresses).
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding },
        requests: [scenario.spec()],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    if (record) {
      instance.on('response', (_client, _status, resBytes, responseTime) => {
        times.push(responseTime);
        bytes += resBytes;
      });
    }
  });
  return { result, times, bytes };
}

/**
 * When autocannon stops, requests it gave up on may still be running in the server (PGlite
 * runs one query at a time, so a backlog can last seconds). Wait until /api/health, which
 * queues behind them for the database, answers quickly, so no scenario pays for the last one.
 */
async function drain(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    if (performance.now() - t0 < 20) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runScenario(url: string, token: string, scenario: Scenario, opts: { seconds: number; warmupSeconds: number; serverPid: number; pgDatabase: string | null; acceptEncoding: string }): Promise<ScenarioResult> {
  await drain(url);
  if (opts.warmupSeconds > 0) {
    await fire(url, token, scenario, opts.warmupSeconds, false, opts.acceptEncoding);
    await drain(url);
  }
  const cpu = cpuMeter(opts.serverPid, opts.pgDatabase);
  const { result, times, bytes } = await fire(url, token, scenario, opts.seconds, true, opts.acceptEncoding);
  const cpuShare = cpu();
  await drain(url);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  return {
    name: scenario.name,
    request: scenario.request,
    connections: scenario.connections,
    durationSeconds: result.duration,
    requests: times.length,
    requestsPerSecond: Math.round((times.length / result.duration) * 10) / 10,
    latencyMs: summarize(times),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    meanResponseBytes: Math.round(bytes / (times.length || 1)),
    cpu: cpuShare,
  };
}
