// For component tests: the real transport and token manager over a fetch that answers like the API
// (the network boundary is the only thing replaced).
import { createAuthEvents } from '../api/auth-events';
import { endSession } from '../api/end-session';
import { createErrorRecovery, type Visibility } from '../api/error-recovery';
import { createTokenManager } from '../api/token-manager';
import { type Api, createTransport } from '../api/transport';

export interface FakeRequest {
  method: string;
  /** Path after /api, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before the answer arrives. */
  delayMs?: number;
  /** The answer arrives once this settles: a test holds a request back for as long as it needs. */
  heldUntil?: Promise<unknown>;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | undefined;

/** The API's error shape (docs/api-conventions.md). */
export function apiError(status: number, message: string, json?: Record<string, string[]>): FakeResponse {
  return { status, body: { code: status, status: 'Error', message, ...(json ? { errors: { json } } : {}) } };
}

let tickets = 0;

/** What every fake API answers unless the test's handler does: the live stream's tickets. */
function defaultAnswer(request: FakeRequest): FakeResponse {
  if (request.method === 'POST' && request.path === '/events/ticket') {
    tickets += 1;
    return { status: 201, body: { ticket: `ticket-${tickets}`, expires_dt: new Date().toISOString() } };
  }
  return apiError(404, 'Not Found');
}

export function createFakeApi(handler: FakeHandler): { api: Api; requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://cratedig.test');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    const answer = handler(request) ?? defaultAnswer(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.heldUntil) await answer.heldUntil;
    const status = answer.status ?? 200;
    if (status === 204 || answer.body === undefined)
      return new Response(null, { status, headers: answer.headers });
    return new Response(JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const visibility: Visibility = { isHidden: () => false, onVisible: () => () => {} };
  const events = createAuthEvents();
  const tokens = createTokenManager({ fetch: fakeFetch, events, crossTabLock: (task) => task() });
  const recovery = createErrorRecovery({ tokens, visibility });
  const transport = createTransport({ tokens, fetch: fakeFetch, visibility, recovery });
  const endSessionHere = () => endSession(tokens, { fetch: fakeFetch });
  return { api: { transport, tokens, events, recovery, endSession: endSessionHere }, requests };
}
