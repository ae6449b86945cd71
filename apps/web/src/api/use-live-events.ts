// React's way onto the app's one live connection (live-events.ts): a component listens while it is
// mounted, naming the IDs it shows; the latest handlers are called without reopening the stream.
import { useEffect, useRef } from 'react';
import { useApi } from './api-context';
import { type LiveListener, liveEventsFor } from './live-events';

export function useLiveEvents(handlers: Omit<LiveListener, 'tracks'>, tracks: readonly number[] = []) {
  const { transport } = useApi();
  const latest = useRef(handlers);
  latest.current = handlers;
  const key = tracks.join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    return liveEventsFor(transport).listen({
      tracks: ids,
      onMessage: (message) => latest.current.onMessage?.(message),
      onConnected: (caughtUp) => latest.current.onConnected?.(caughtUp),
    });
  }, [transport, key]);
}
