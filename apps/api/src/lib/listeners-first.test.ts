import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenersFirst, registerListenersFirst } from './listeners-first';

// A server whose /slow answers after `ms`, and /stream never: the background work's view of it.
async function server(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  registerListenersFirst(app);
  app.get('/slow', async (request) => {
    await sleep(Number((request.query as { ms?: string }).ms ?? 300));
    return { ok: true };
  });
  app.get('/stream', (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write(': open\n\n');
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('listeners first', () => {
  it('holds background work while a request is being answered, and lets it go just after', async () => {
    const { app, url } = await server();
    running = app;
    const answered = fetch(`${url}/slow?ms=400`).then(() => performance.now());
    await sleep(50);
    const waited = listenersFirst().then(() => performance.now());
    const [answerAt, goAt] = await Promise.all([answered, waited]);
    expect(goAt).toBeGreaterThanOrEqual(answerAt);
    expect(goAt - answerAt).toBeLessThan(300);
  });

  it('goes on at once when nothing is asked', async () => {
    const { app } = await server();
    running = app;
    await sleep(60);
    const before = performance.now();
    await listenersFirst();
    expect(performance.now() - before).toBeLessThan(20);
  });

  it('never waits more than a second, however busy the server is', async () => {
    const { app, url } = await server();
    running = app;
    const busy = fetch(`${url}/slow?ms=1800`);
    await sleep(50);
    const before = performance.now();
    await listenersFirst();
    const waited = performance.now() - before;
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(1_400);
    await busy;
  });

  it('does not wait on a stream that stays open (live events, audio)', async () => {
    const { app, url } = await server();
    running = app;
    const controller = new AbortController();
    await fetch(`${url}/stream`, { signal: controller.signal });
    await sleep(2_100);
    const before = performance.now();
    await listenersFirst();
    expect(performance.now() - before).toBeLessThan(100);
    controller.abort();
  });
});
