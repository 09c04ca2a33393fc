import Fastify from 'fastify';
import { once } from 'node:events';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_BATCH_ROWS, QUIET_AFTER_MS, EMBEDDED_QUIET_BATCH_ROWS, importBatchRows } from '../db/turns';
import { requestActivityPlugin } from './request-activity';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** An app with a route that answers when the test says so, and one that hands itself over. */
async function appWithGate() {
  const app = Fastify();
  apps.push(app);
  await app.register(requestActivityPlugin);
  let open = () => undefined as void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  app.get('/slow', async () => {
    await gate;
    return { ok: true };
  });
  app.get('/long-work', async (req) => {
    app.requestActivity.release(req);
    await gate;
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { app, base, open: () => open() };
}

const settled = async (p: Promise<unknown>, ms = 50) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe('request activity: batches wait for in-flight requests', () => {
  it('is idle at once with no request, and waits for a request in flight until it is answered', async () => {
    const { app, base, open } = await appWithGate();
    expect(await settled(app.requestActivity.whenIdle(10_000))).toBe(true);
    const slow = fetch(`${base}/slow`);
    await expect.poll(() => app.requestActivity.inFlight).toBe(1);
    const idle = app.requestActivity.whenIdle(10_000);
    expect(await settled(idle, 100)).toBe(false);
    open();
    expect((await slow).status).toBe(200);
    expect(await settled(idle, 1000)).toBe(true);
    expect(app.requestActivity.inFlight).toBe(0);
  });

  it('counts a request that arrived while the thread was held (an embedded statement) before saying idle', async () => {
    const { app, base, open } = await appWithGate();
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'connect');
    try {
      // The request reaches the server while this thread is busy, as it is while PGlite runs a
      // batch: the server has not read it when the batch ends and asks whether it may go on.
      socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const until = Date.now() + 20;
      while (Date.now() < until); // the thread held
      expect(app.requestActivity.inFlight).toBe(0);
      const idle = app.requestActivity.whenIdle(10_000);
      expect(await settled(idle, 200)).toBe(false);
      expect(app.requestActivity.inFlight).toBe(1);
      open();
      expect(await settled(idle, 1000)).toBe(true);
      expect(app.requestActivity.inFlight).toBe(0);
    } finally {
      socket.destroy();
    }
  });

  it('never waits longer than the bound', async () => {
    const { app, base, open } = await appWithGate();
    const slow = fetch(`${base}/slow`);
    await expect.poll(() => app.requestActivity.inFlight).toBe(1);
    const started = Date.now();
    await app.requestActivity.whenIdle(120);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    open();
    await slow;
  });

  it('stops counting a request whose client went away, and one that released itself', async () => {
    const { app, base, open } = await appWithGate();
    const aborted = new AbortController();
    const gone = fetch(`${base}/slow`, { signal: aborted.signal }).catch(() => 'aborted');
    await expect.poll(() => app.requestActivity.inFlight).toBe(1);
    aborted.abort();
    await gone;
    await expect.poll(() => app.requestActivity.inFlight).toBe(0);

    const long = fetch(`${base}/long-work`);
    await new Promise((r) => setTimeout(r, 100));
    expect(app.requestActivity.inFlight).toBe(0);
    expect((await fetch(`${base}/fast`)).status).toBe(200);
    expect(app.requestActivity.inFlight).toBe(0);
    open();
    expect((await long).status).toBe(200);
    expect(app.requestActivity.inFlight).toBe(0);
  });

  it('counts injected requests too', async () => {
    const { app } = await appWithGate();
    expect((await app.inject({ url: '/fast' })).statusCode).toBe(200);
    expect(app.requestActivity.inFlight).toBe(0);
  });
});

describe('request activity: how long the server has been quiet sizes the embedded import batches', () => {
  it('is quiet from the start, not while a request is in flight, and again counting from its end', async () => {
    const { app, base, open } = await appWithGate();
    expect(app.requestActivity.quietForMs()).toBe(Infinity);
    expect(importBatchRows('pglite', app.requestActivity.quietForMs())).toBe(EMBEDDED_QUIET_BATCH_ROWS);
    const slow = fetch(`${base}/slow`);
    await expect.poll(() => app.requestActivity.inFlight).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(app.requestActivity.quietForMs()).toBe(0);
    expect(importBatchRows('pglite', app.requestActivity.quietForMs())).toBe(EMBEDDED_BATCH_ROWS);
    open();
    await slow;
    await expect.poll(() => app.requestActivity.inFlight).toBe(0);
    const quiet = app.requestActivity.quietForMs();
    expect(quiet).toBeGreaterThanOrEqual(0);
    expect(quiet).toBeLessThan(QUIET_AFTER_MS);
    // Just after a request the batches stay small; PostgreSQL's do not depend on it.
    expect(importBatchRows('pglite', quiet)).toBe(EMBEDDED_BATCH_ROWS);
    expect(importBatchRows('postgres', 0)).toBe(importBatchRows('postgres', Infinity));
    await new Promise((r) => setTimeout(r, 60));
    expect(app.requestActivity.quietForMs()).toBeGreaterThan(quiet + 50);
  });

  it('a request that hands itself over to its long work counts as seen when it started, not when it let go', async () => {
    const { app, base, open } = await appWithGate();
    const work = fetch(`${base}/long-work`);
    try {
      // Seen (quiet no longer counts from the server's start), and let go at once.
      await expect.poll(() => app.requestActivity.quietForMs() < QUIET_AFTER_MS && app.requestActivity.inFlight === 0).toBe(true);
      const started = app.requestActivity.quietForMs();
      await new Promise((r) => setTimeout(r, 60));
      expect(app.requestActivity.quietForMs()).toBeGreaterThanOrEqual(started + 50);
    } finally {
      open();
    }
    const atAnswer = app.requestActivity.quietForMs();
    await work;
    // Its answer, once the work is done, is not a new request either.
    expect(app.requestActivity.quietForMs()).toBeGreaterThanOrEqual(atAnswer);
  });
});
