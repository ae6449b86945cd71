import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_ENDED_MESSAGE } from '@cratedig/contract/session-ended';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createTokenManager, type TokenManager } from './token-manager';
import { createTokenStorage, STORAGE_KEYS } from './token-storage';
import { basicAuth, createTransport, type Transport } from './transport';

// The network boundary: an injected fetch that records every call and answers per route from a
// script (the last answer of a route repeats). PUT /api/tokens rotates tokens like our API does.
interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  at: number;
}
type Answer = Response | Error | (() => Response | Error);

function fakeApi(script: Record<string, Answer[]>) {
  const calls: Call[] = [];
  let issued = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ method, url, headers, body: init?.body as string | undefined, at: Date.now() - T0 });
    if (init?.signal?.aborted) throw init.signal.reason;
    const key = `${method} ${url.split('?')[0]}`;
    if (key === 'PUT /api/tokens' && !script[key]) {
      issued += 1;
      return Response.json({ access_token: `access-${issued}`, refresh_token: `refresh-${issued}` });
    }
    const answers = script[key];
    if (!answers || answers.length === 0) throw new Error(`no answer scripted for ${key}`);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    const answer = typeof next === 'function' ? next() : next;
    if (answer instanceof Error) throw answer;
    return (answer as Response).clone();
  }) as unknown as typeof globalThis.fetch;
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key);
  return { fetch, calls, callsTo };
}

const T0 = Date.parse('2025-03-01T12:00:00Z');
const MIN = 60_000;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const unauthorized = () => json(401, { code: 401, status: 'Unauthorized', message: 'Invalid token' });

let managers: TokenManager[] = [];
function setup(script: Record<string, Answer[]>, session: 'fresh' | 'none' | 'stale-no-refresh' = 'fresh') {
  const storage = createTokenStorage();
  if (session === 'fresh')
    storage.saveTokens({ accessToken: 'access-0', refreshToken: 'refresh-0', expiresAt: T0 + 60 * MIN });
  if (session === 'stale-no-refresh')
    storage.saveTokens({ accessToken: 'old', refreshToken: null, expiresAt: T0 + 5 * MIN });
  const api = fakeApi(script);
  const tokens = createTokenManager({ fetch: api.fetch });
  managers.push(tokens);
  // Visibility is jsdom's real document: tests flip document.visibilityState and fire the event.
  const transport: Transport = createTransport({
    tokens,
    fetch: api.fetch,
    createRequestId: () => 'client-id-1',
  });
  return { api, tokens, transport };
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Settles a promise so tests can assert on it while fake time is advanced separately. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

afterEach(() => {
  for (const m of managers) m.dispose();
  managers = [];
  Reflect.deleteProperty(document, 'visibilityState');
  vi.useRealTimers();
});

describe('transport (docs/web-app.md calls, Transport)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });

  it('sends JSON with Authorization: Bearer {token} and the query in the query string', async () => {
    const { api, transport } = setup({ 'PUT /api/me/profile-update': [json(200, { id: 1 })] });
    const user = await transport.put('/me/profile-update', {
      query: { order_by: 'set_meta.release_date', followed_filter: '', genre: undefined, ids: [1, 2] },
      body: { about_me: 'Digging since 1998', user_type: ['dj'] },
    });
    expect(user).toEqual({ id: 1 });
    const [call] = api.calls;
    expect(call?.url).toBe(
      '/api/me/profile-update?order_by=set_meta.release_date&followed_filter=&ids=1&ids=2',
    );
    expect(call?.headers.authorization).toBe('Bearer access-0');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['x-request-id']).toBe('client-id-1');
    expect(JSON.parse(call?.body ?? '')).toEqual({ about_me: 'Digging since 1998', user_type: ['dj'] });
  });

  it("sends a write's database position back on later calls for a minute, the newest one only", async () => {
    const { api, transport } = setup({
      'PUT /api/favs/set/1': [
        json(200, { is_fav: true }, { 'cratedig-wrote': '1/3000060' }),
        json(200, { is_fav: false }, { 'cratedig-wrote': '0/FFFFFFFF' }),
      ],
      'GET /api/sets/1': [json(200, { id: 1 })],
    });
    await transport.get('/sets/1');
    expect(api.calls.at(-1)?.headers['cratedig-read-after']).toBeUndefined();
    await transport.put('/favs/set/1');
    await transport.get('/sets/1');
    expect(api.calls.at(-1)?.headers['cratedig-read-after']).toBe('00000001/03000060');
    // an answer naming an earlier position (another instance, a slower write) does not move it back
    await transport.put('/favs/set/1');
    await transport.get('/sets/1');
    expect(api.calls.at(-1)?.headers['cratedig-read-after']).toBe('00000001/03000060');
    vi.setSystemTime(T0 + 61_000);
    await transport.get('/sets/1');
    expect(api.calls.at(-1)?.headers['cratedig-read-after']).toBeUndefined();
  });

  it('204 gives an empty body', async () => {
    const { api, transport } = setup({ 'POST /api/me/onboarding': [new Response(null, { status: 204 })] });
    await expect(transport.post('/me/onboarding')).resolves.toBeUndefined();
    // No body: no JSON content type, which Fastify would reject as an empty JSON body.
    expect(api.calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('sends login and sign-up without a token and without retry', async () => {
    const { api, transport } = setup({
      'POST /api/tokens': [json(401, { code: 401, status: 'Unauthorized', message: 'Invalid credentials' })],
      'POST /api/users': [
        json(429, { code: 429, status: 'Too Many Requests', message: 'Slow down' }, { 'retry-after': '1' }),
      ],
    });
    const login = transport.post('/tokens', {
      auth: false,
      headers: { authorization: basicAuth('dj', 'pässword') },
    });
    await expect(login).rejects.toMatchObject({ status: 401, message: 'Invalid credentials' });
    const signUp = transport.post('/users', {
      auth: false,
      body: { username: 'dj', auth_provider: 'web_client' },
    });
    await expect(signUp).rejects.toMatchObject({ status: 429, retryAfterS: 1 });
    await vi.advanceTimersByTimeAsync(10_000);

    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/tokens', 'POST /api/users']);
    expect(api.calls[0]?.headers.authorization).toBe(
      `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode('dj:pässword')))}`,
    );
    expect(api.calls[1]?.headers.authorization).toBeUndefined();
  });

  it('answers a synthetic 401 Authentication required without reaching the server when there is no token', async () => {
    const { api, transport } = setup({}, 'none');
    const error = await transport.get('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Authentication required',
      reason: 'No valid authentication token available',
    });
    expect(api.calls).toHaveLength(0);
  });

  it('says no authentication method is available when a stale token cannot be refreshed', async () => {
    const { api, transport } = setup({}, 'stale-no-refresh');
    await expect(transport.get('/me')).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required',
      reason: 'No authentication method available for token refresh',
    });
    expect(api.calls).toHaveLength(0);
  });

  it('retries a 401 once in the foreground after 1 s, with a refreshed token', async () => {
    const { api, transport } = setup({ 'GET /api/me': [unauthorized(), json(200, { id: 7 })] });
    const result = track(transport.get('/me'));
    await vi.advanceTimersByTimeAsync(999);
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toMatchObject({ settled: true, value: { id: 7 } });
    expect(api.calls.map((c) => `${c.method} ${c.url} ${c.headers.authorization ?? ''} @${c.at}`)).toEqual([
      'GET /api/me Bearer access-0 @0',
      'PUT /api/tokens  @1000',
      'GET /api/me Bearer access-1 @1000',
    ]);
  });

  it('returns the 401 after the single foreground retry', async () => {
    const { api, transport } = setup({ 'GET /api/me': [unauthorized()] });
    const result = track(transport.get('/me'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(result.error).toMatchObject({ status: 401, message: 'Invalid token', kind: 'http' });
    expect(api.callsTo('GET /api/me')).toHaveLength(2);
  });

  it('retries a 401 three times when hidden with 1/2/4 s back-off', async () => {
    setVisibility('hidden');
    const { api, transport } = setup({ 'GET /api/queue': [unauthorized()] });
    const result = track(transport.get('/queue'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(result.error).toMatchObject({ status: 401 });
    // 0 s, then +1 s, +2 s, +4 s. Only the first retry refreshes: the others fall in the 30 s cooldown.
    expect(api.callsTo('GET /api/queue').map((c) => c.at)).toEqual([0, 1000, 3000, 7000]);
    expect(api.callsTo('PUT /api/tokens')).toHaveLength(1);
  });

  it('signs this device out at once, without waiting or refreshing, when the session was ended on the server', async () => {
    const ended = { code: 401, status: 'Unauthorized', message: SESSION_ENDED_MESSAGE };
    const { api, tokens, transport } = setup({ 'GET /api/queue': [json(401, ended)] });
    const authErrors: { message: string; signedOut?: boolean }[] = [];
    tokens.events.on('authError', (event) => authErrors.push(event));
    const result = track(transport.get('/queue'));
    await vi.advanceTimersByTimeAsync(0);
    expect(result.error).toMatchObject({ status: 401, message: SESSION_ENDED_MESSAGE });
    expect(authErrors).toEqual([{ message: 'Authentication expired', signedOut: true }]);
    expect(api.callsTo('GET /api/queue')).toHaveLength(1);
    expect(api.callsTo('PUT /api/tokens')).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('says the device was signed out when the refresh answers that the session was ended', async () => {
    const { tokens, transport } = setup({
      'GET /api/me': [unauthorized()],
      'PUT /api/tokens': [json(401, { code: 401, status: 'Unauthorized', message: SESSION_ENDED_MESSAGE })],
    });
    const authErrors: { message: string; signedOut?: boolean }[] = [];
    tokens.events.on('authError', (event) => authErrors.push(event));
    const result = track(transport.get('/me'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(result.settled).toBe(true);
    expect(authErrors).toEqual([{ message: 'Authentication expired', signedOut: true }]);
  });

  it('stops retrying a 401 when the refresh fails for good', async () => {
    const { api, tokens, transport } = setup({
      'GET /api/me': [unauthorized()],
      'PUT /api/tokens': [json(401, { code: 401, status: 'Unauthorized', message: 'Refresh token revoked' })],
    });
    const authErrors: string[] = [];
    tokens.events.on('authError', ({ message }) => authErrors.push(message));
    const result = track(transport.get('/me'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(result.error).toMatchObject({ status: 401, message: 'Invalid token' });
    expect(authErrors).toEqual(['Authentication expired']);
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('turns a network failure into 500 The server is unresponsive', async () => {
    const { transport } = setup({ 'GET /api/sets': [new TypeError('Failed to fetch')] });
    await expect(transport.get('/sets')).rejects.toMatchObject({
      status: 500,
      message: 'The server is unresponsive',
      kind: 'network',
      requestId: 'client-id-1',
    });
  });

  it('turns an unexpected answer into 500 Request failed with the server request id', async () => {
    const html = new Response('<!doctype html>', {
      headers: { 'content-type': 'text/html', 'x-request-id': 'srv-42' },
    });
    const { transport } = setup({ 'GET /api/sets': [html] });
    await expect(transport.get('/sets')).rejects.toMatchObject({
      status: 500,
      message: 'Request failed',
      kind: 'unexpected',
      requestId: 'srv-42',
    });
  });

  it('gives an unexpected failure the request id it sent when the server gave none', async () => {
    const broken = new Response('{"data": [', { headers: { 'content-type': 'application/json' } });
    const { transport } = setup({ 'GET /api/sets': [broken] });
    await expect(transport.get('/sets')).rejects.toMatchObject({
      status: 500,
      message: 'Request failed',
      requestId: 'client-id-1',
    });
  });

  it('carries status, message, request id and errors.json of the domain error shape', async () => {
    const body = {
      code: 422,
      status: 'Unprocessable Entity',
      message: 'Validation failed',
      errors: { json: { username: ['This username is already taken, please use a different one'] } },
    };
    const { transport } = setup({ 'POST /api/users': [json(422, body, { 'x-request-id': 'srv-9' })] });
    await expect(transport.post('/users', { auth: false, body: { username: 'dj' } })).rejects.toMatchObject({
      status: 422,
      message: 'Validation failed',
      requestId: 'srv-9',
      errors: body.errors,
    });
  });

  it('429 waits Retry-After and retries at most 3 times', async () => {
    const tooMany = json(
      429,
      { code: 429, status: 'Too Many Requests', message: 'Slow down' },
      { 'retry-after': '2' },
    );
    const { api, transport } = setup({ 'PUT /api/plays': [tooMany] });
    const result = track(transport.put('/plays', { body: { set_meta_id: 1, current_timestamp: 30 } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(result.error).toMatchObject({ status: 429, retryAfterS: 2 });
    expect(api.callsTo('PUT /api/plays').map((c) => c.at)).toEqual([0, 2000, 4000, 6000]);
  });

  it('429 with waitOnRateLimit false rejects at once with the wait the server asked for', async () => {
    const tooMany = json(
      429,
      { code: 429, status: 'Too Many Requests', message: 'Too many proposals' },
      { 'retry-after': '3600' },
    );
    const { api, transport } = setup({ 'POST /api/tracks/5/identifications': [tooMany] });
    const result = track(transport.post('/tracks/5/identifications', { body: {}, waitOnRateLimit: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(result.error).toMatchObject({ status: 429, retryAfterS: 3600, message: 'Too many proposals' });
    expect(api.callsTo('POST /api/tracks/5/identifications')).toHaveLength(1);
  });

  it('429 without Retry-After waits the default 60 s', async () => {
    const { api, transport } = setup({
      'GET /api/sets': [
        json(429, { code: 429, status: 'Too Many Requests', message: 'Slow down' }),
        json(200, { data: [] }),
      ],
    });
    const result = track(transport.get('/sets'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(api.callsTo('GET /api/sets')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toMatchObject({ settled: true, value: { data: [] } });
  });

  it('queues network errors while hidden and replays them when the tab is visible', async () => {
    setVisibility('hidden');
    const { api, transport } = setup({
      'GET /api/notifications': [new TypeError('Failed to fetch'), json(200, { data: [], pagination: {} })],
    });
    const result = track(transport.get('/notifications'));
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(result.settled).toBe(false);
    expect(api.calls).toHaveLength(1);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toMatchObject({ settled: true, value: { data: [] } });
    expect(api.calls).toHaveLength(2);
  });

  it('rejects with the abort reason when the caller aborts', async () => {
    const { transport } = setup({ 'GET /api/sets': [unauthorized()] });
    const controller = new AbortController();
    const result = track(transport.get('/sets', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(500); // inside the 401 back-off
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((result.error as Error).name).toBe('AbortError');
  });
});

// The same client against a real HTTP server and the real fetch, in real time: what the browser
// puts on the wire (headers, body, query) and how it reads real responses.
describe('transport over real HTTP', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; url?: string; authorization?: string; body: string }[] = [];
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
      const send = (status: number, payload?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'srv-real' });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      if (req.method === 'PUT' && req.url === '/api/tokens')
        return send(200, { access_token: 'rotated', refresh_token: 'r2' });
      if (req.url?.startsWith('/api/me/onboarding')) return send(204);
      if (req.url?.startsWith('/api/me')) {
        return req.headers.authorization === 'Bearer rotated'
          ? send(200, { id: 1, username: 'dj' })
          : send(401, { code: 401, status: 'Unauthorized', message: 'Invalid token' });
      }
      return send(404, { code: 404, status: 'Not Found', message: 'Route not found' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function realClient() {
    createTokenStorage().saveTokens({
      accessToken: 'expired-on-server',
      refreshToken: 'r1',
      expiresAt: Date.now() + 60 * MIN,
    });
    const tokens = createTokenManager({ apiBase: base });
    managers.push(tokens);
    return createTransport({ tokens, apiBase: base });
  }

  it('refreshes and retries a 401 after 1 s, and reads a 204 as an empty body', async () => {
    seen.length = 0;
    const transport = realClient();
    const started = Date.now();
    expect(await transport.get('/me', { query: { fields: 'all' } })).toEqual({ id: 1, username: 'dj' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await transport.post('/me/onboarding')).toBeUndefined();
    expect(seen.map((r) => `${r.method} ${r.url} ${r.authorization ?? '-'}`)).toEqual([
      'GET /api/me?fields=all Bearer expired-on-server',
      'PUT /api/tokens -',
      'GET /api/me?fields=all Bearer rotated',
      'POST /api/me/onboarding Bearer rotated',
    ]);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({
      access_token: 'expired-on-server',
      refresh_token: 'r1',
    });
  });

  it('rejects with the server error shape and its request id', async () => {
    const transport = realClient();
    await expect(transport.get('/nope')).rejects.toMatchObject({
      status: 404,
      message: 'Route not found',
      requestId: 'srv-real',
    });
  });

  it('turns a refused connection into 500 The server is unresponsive', async () => {
    const transport = createTransport({ tokens: createTokenManager(), apiBase: 'http://127.0.0.1:9/api' });
    await expect(transport.post('/tokens', { auth: false })).rejects.toMatchObject({
      status: 500,
      message: 'The server is unresponsive',
    });
  });
});
