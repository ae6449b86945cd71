// A minimal server-sent events reader over fetch, as a browser's EventSource parses the stream: for
// the live-event tests and the identifications benchmark (which open real HTTP streams).

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  /** The next event whose name is `event` (and that passes `where`), waiting up to `timeoutMs`. */
  next(event: string, where?: (data: unknown) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Every event received so far. */
  received: SseEvent[];
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const received: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed = parseBlock(block);
          if (parsed) {
            received.push(parsed);
            for (const wake of waiters) wake();
          }
        }
      }
    })().catch(() => {});
  }
  return {
    status: response.status,
    received,
    close: () => abort.abort(),
    next(event, where = () => true, timeoutMs = 10_000) {
      let seen = 0;
      return new Promise((resolve, reject) => {
        const check = () => {
          for (; seen < received.length; seen++) {
            const candidate = received[seen];
            if (candidate && candidate.event === event && where(candidate.data)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(candidate);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no '${event}' event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

function parseBlock(block: string): SseEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  const text = data.join('\n');
  try {
    return { id, event, data: JSON.parse(text) };
  } catch {
    return { id, event, data: text };
  }
}
