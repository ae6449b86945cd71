// Where the tab's upload stands, for the parts of the app outside /publish (the account menu, My
// sets): which draft, and how far, without tus-js-client or the contract's schemas. The upload
// (tus-upload.ts, in the /publish chunk) tells it; it changes once a percent at most.
import { useSyncExternalStore } from 'react';

export interface TabUpload {
  id: string | null;
  phase: 'idle' | 'uploading' | 'paused' | 'done' | 'failed';
  /** Whole percent sent. */
  percent: number;
}

const IDLE: TabUpload = { id: null, phase: 'idle', percent: 0 };
let current: TabUpload = IDLE;
const listeners = new Set<() => void>();

export const tabUpload = {
  get: (): TabUpload => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  tell(next: TabUpload) {
    if (next.id === current.id && next.phase === current.phase && next.percent === current.percent) return;
    current = next;
    for (const listener of [...listeners]) listener();
  },
};

export function useTabUpload(): TabUpload {
  return useSyncExternalStore(tabUpload.subscribe, tabUpload.get, () => IDLE);
}

/** 'Uploading · 42 %', 'Upload paused · 42 %', or null when nothing is on its way. */
export function tabUploadLine(upload: TabUpload): string | null {
  if (upload.phase === 'uploading') return `Uploading · ${upload.percent} %`;
  if (upload.phase === 'paused' || (upload.phase === 'failed' && upload.id !== null))
    return `Upload paused · ${upload.percent} %`;
  return null;
}
