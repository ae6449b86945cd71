// Toasts (docs/web-app.md) without loading the toast library for the first screen: notistack is fetched the
// first time something is said, and what was said meanwhile is shown as soon as it has loaded.
// app/toast-provider.tsx mounts notistack's provider (app/toast-host.tsx) on the first request.
import type { OptionsObject, SnackbarMessage } from 'notistack';

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

let host: Enqueue | null = null;
const waiting: [SnackbarMessage, OptionsObject | undefined][] = [];
const hostWanted = new Set<() => void>();

/** Shows a toast: same call as notistack's enqueueSnackbar. */
export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  if (host) {
    host(message, options);
    return;
  }
  waiting.push([message, options]);
  for (const listener of hostWanted) listener();
}

/** notistack's hook shape, for components that used it. */
export function useSnackbar(): { enqueueSnackbar: typeof enqueueSnackbar } {
  return { enqueueSnackbar };
}

/** The toast host calls this once notistack's provider is mounted; it shows what waited. */
export function attachToastHost(enqueue: Enqueue): () => void {
  host = enqueue;
  for (const [message, options] of waiting.splice(0)) enqueue(message, options);
  return () => {
    if (host === enqueue) host = null;
  };
}

/** Runs listener when a toast is waiting for a host (the provider then mounts one). */
export function onToastWanted(listener: () => void): () => void {
  hostWanted.add(listener);
  if (waiting.length > 0) listener();
  return () => hostWanted.delete(listener);
}
