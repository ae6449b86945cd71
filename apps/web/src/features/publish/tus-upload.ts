// The recording's way up: tus (resumable uploads, docs/publishing.md "Uploading") with tus-js-client,
// which only the /publish page's chunk loads. The access token goes in an Authorization header, read
// fresh from the token manager before every request (a long upload outlives a token), never in a URL.
// Chunks of 8 MB; a dropped connection retries with growing pauses and carries on at the offset the
// server reports; a reload finds the unfinished upload of the same file in tus-js-client's URL storage
// (or the draft's own id, when the page re-opens a draft) and resumes it.
import {
  formatBytes,
  PUBLISH_LIMITS,
  PUBLISH_UPLOAD_PATH,
  publishMessages,
} from '@cratedig/contract/publish-api';
import { useSyncExternalStore } from 'react';
import { type DetailedError, defaultOptions, type HttpRequest, Upload } from 'tus-js-client';
import type { TokenManager } from '../../api/token-manager';
import { PUBLISH_TEXT } from './publish-messages';
import { type TabUpload, tabUpload } from './tab-upload';

export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Pauses before each new try of a failed request: a dropped connection, a server restarting. */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
/** tus-js-client's parts this module uses; component tests put a fake upload in their place. */
export const tus = {
  Upload: Upload as new (file: File, options: ConstructorParameters<typeof Upload>[1]) => Upload,
  forget: (urlStorageKey: string) => defaultOptions.urlStorage.removeUpload(urlStorageKey),
  now: () => Date.now(),
};

/** Speed and time left are measured over the last few seconds, not since the start. */
const SPEED_WINDOW_MS = 8_000;

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'done' | 'failed';

export interface UploadState {
  phase: UploadPhase;
  fileName: string | null;
  sent: number;
  total: number;
  /** Bytes a second over the last seconds; null until measured. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed; null until measured. */
  secondsLeft: number | null;
  /** Why it stopped, in words for the listener (a refusal's own message). */
  error: string | null;
  /** The draft's id, once the server made the upload. */
  id: string | null;
}

export const IDLE_UPLOAD: UploadState = {
  phase: 'idle',
  fileName: null,
  sent: 0,
  total: 0,
  bytesPerSecond: null,
  secondsLeft: null,
  error: null,
  id: null,
};

/** The upload's id: the last part of its URL. */
export function uploadIdOf(url: string | null): string | null {
  if (!url) return null;
  const last = url.split('?')[0]?.split('/').filter(Boolean).pop();
  return last && /^[0-9a-f]{32}$/.test(last) ? last : null;
}

/** What the listener is told when the server refused or the connection failed. */
export function refusalMessage(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return PUBLISH_TEXT.lost;
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // not the error shape: say it from the status
  }
  switch (response.getStatus()) {
    case 413:
      return publishMessages.tooBig(formatBytes(PUBLISH_LIMITS.maxFileBytes));
    case 429:
      return publishMessages.perDay(PUBLISH_LIMITS.uploadsPerDay);
    case 409:
      return publishMessages.oneAtATime;
    case 507:
      return publishMessages.noRoom;
    case 404:
    case 410:
      return PUBLISH_TEXT.gone;
    default:
      return PUBLISH_TEXT.lost;
  }
}

/** The client-side check before a byte is sent (the server checks again, from the declared length). */
export function precheck(file: File): string | null {
  if (file.size === 0) return publishMessages.empty;
  if (file.size > PUBLISH_LIMITS.maxFileBytes)
    return publishMessages.tooBig(formatBytes(PUBLISH_LIMITS.maxFileBytes));
  return null;
}

/**
 * Retry what a retry can mend: no answer at all, a server error other than "no room", a locked or
 * conflicting offset while a chunk is sent, and a 401 once the token is refreshed. A refusal of the
 * creation (too big, too many, one at a time, no room) is final.
 */
export function shouldRetry(error: DetailedError, attempt: number, tokens: TokenManager): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  const creating = error.originalRequest?.getMethod() === 'POST';
  if (status === 0) return typeof navigator === 'undefined' || navigator.onLine !== false;
  if (status === 401) {
    if (attempt > 1) return false;
    void tokens.refresh();
    return true;
  }
  if (status === 507) return false;
  if (status >= 500) return true;
  if (!creating && (status === 409 || status === 423)) return true;
  return false;
}

/** A speed measured from the progress of the last seconds. */
function measure(samples: Array<[number, number]>, now: number, sent: number) {
  samples.push([now, sent]);
  while (samples.length > 2 && (samples[0]?.[0] ?? now) < now - SPEED_WINDOW_MS) samples.shift();
  const first = samples[0];
  if (!first || now - first[0] < 1_000) return null;
  return Math.max(0, (sent - first[1]) / ((now - first[0]) / 1000));
}

export interface UploadSession {
  get(): UploadState;
  subscribe(listener: () => void): () => void;
  /** Starts (or resumes) the file; `draftId` resumes that draft's upload. */
  start(file: File, tokens: TokenManager, draftId?: string | null): Promise<void>;
  pause(): void;
  resume(): void;
  /** Stops sending and forgets the upload in the URL storage; the caller removes the draft. */
  stop(): Promise<void>;
  reset(): void;
}

/**
 * The tab's one upload, outside React: going to another page of the app keeps it sending (the
 * /publish page shows it again when it comes back); a reload or a closed tab stops it, and the
 * browser asks first.
 */
export function createUploadSession(tell?: (upload: TabUpload) => void): UploadSession {
  let state: UploadState = IDLE_UPLOAD;
  let upload: Upload | null = null;
  let samples: Array<[number, number]> = [];
  const listeners = new Set<() => void>();
  const ask = (event: BeforeUnloadEvent) => event.preventDefault();
  const set = (next: UploadState | ((now: UploadState) => UploadState)) => {
    state = typeof next === 'function' ? next(state) : next;
    if (state.phase === 'uploading') window.addEventListener('beforeunload', ask);
    else window.removeEventListener('beforeunload', ask);
    for (const listener of [...listeners]) listener();
    tell?.({
      id: state.id,
      phase: state.phase,
      percent: state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0,
    });
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(file, tokens, draftId) {
      const refused = precheck(file);
      if (refused) {
        set({ ...IDLE_UPLOAD, phase: 'failed', fileName: file.name, total: file.size, error: refused });
        return;
      }
      void upload?.abort();
      samples = [];
      const endpoint = new URL(PUBLISH_UPLOAD_PATH, window.location.origin).href;
      set({ ...IDLE_UPLOAD, phase: 'uploading', fileName: file.name, total: file.size, id: draftId ?? null });
      const made: Upload = new tus.Upload(file, {
        endpoint,
        ...(draftId ? { uploadUrl: `${endpoint}/${draftId}` } : {}),
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onBeforeRequest: async (request: HttpRequest) => {
          // After a 401 the retry waits for the refresh it asked for (shouldRetry), not the old token.
          const token = tokens.isRefreshing() ? await tokens.refresh() : await tokens.getValidToken();
          if (token) request.setHeader('Authorization', `Bearer ${token}`);
        },
        onShouldRetry: (error, attempt) => shouldRetry(error, attempt, tokens),
        onUploadUrlAvailable: () => {
          const id = uploadIdOf(made.url);
          if (id && upload === made) set((now) => ({ ...now, id }));
        },
        onProgress: (sent, total) => {
          if (upload !== made) return;
          const speed = measure(samples, tus.now(), sent);
          set((now) => ({
            ...now,
            sent,
            total,
            bytesPerSecond: speed,
            secondsLeft: speed && speed > 0 ? Math.ceil((total - sent) / speed) : null,
          }));
        },
        onSuccess: () => {
          if (upload !== made) return;
          const id = uploadIdOf(made.url);
          set((now) => ({ ...now, phase: 'done', sent: now.total, secondsLeft: 0, id: id ?? now.id }));
        },
        onError: (error) => {
          if (upload !== made) return;
          set((now) => ({ ...now, phase: 'failed', error: refusalMessage(error), bytesPerSecond: null }));
        },
      });
      upload = made;
      if (!draftId) {
        // The same file begun before this reload: carry on where it stopped.
        const previous = await made.findPreviousUploads().catch(() => []);
        const newest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (newest) made.resumeFromPreviousUpload(newest);
      }
      if (upload === made) made.start();
    },
    pause() {
      void upload?.abort();
      samples = [];
      set((now) =>
        now.phase === 'uploading'
          ? { ...now, phase: 'paused', bytesPerSecond: null, secondsLeft: null }
          : now,
      );
    },
    resume() {
      if (!upload) return;
      set((now) => ({ ...now, phase: 'uploading', error: null }));
      upload.start();
    },
    async stop() {
      const current = upload;
      upload = null;
      set(IDLE_UPLOAD);
      if (!current) return;
      await current.abort().catch(() => undefined);
      // Forget it in the URL storage too: the same file chosen again is a new upload.
      const previous = await current.findPreviousUploads().catch(() => []);
      await Promise.all(previous.map((p) => tus.forget(p.urlStorageKey).catch(() => undefined)));
    },
    reset() {
      void upload?.abort();
      upload = null;
      set(IDLE_UPLOAD);
    },
  };
}

/** The tab's upload session (tests make their own with createUploadSession). */
export const uploadSession: { current: UploadSession } = { current: createUploadSession(tabUpload.tell) };

export function useUploadState(session: UploadSession): UploadState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
