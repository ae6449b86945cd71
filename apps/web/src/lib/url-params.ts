// The list pages keep their state in the URL's query (back, reload and shared links show the same
// list). React Router's own functional update hands the updater the query of the last render, and a
// navigation renders in a transition: two controls used before that render (a filter chip, then a
// switch) made the second change from the query without the first, and the first was lost. Here each
// change starts from the query the previous change wrote, and a navigation from elsewhere (back,
// forward, a link) resets that to what the location says.
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A change of a list's state: some of its fields, or a function of the state it starts from. */
export type StateChange<T> = Partial<T> | ((current: T) => Partial<T>);

/**
 * A list's state held in the URL's query: `read` turns a query into the state (ignoring what it does
 * not know), `write` turns a state into the query (leaving defaults out). Changes replace the history
 * entry.
 */
export function useQueryState<T>(
  read: (query: URLSearchParams) => T,
  write: (state: T) => URLSearchParams,
): [T, (change: StateChange<T>) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const state = useMemo(() => read(params), [read, params]);
  const update = useCallback(
    (change: StateChange<T>) => {
      const current = read(latest.current);
      const out = write({ ...current, ...(typeof change === 'function' ? change(current) : change) });
      latest.current = out;
      setParams(out, { replace: true });
    },
    [read, write, setParams],
  );
  return [state, update];
}
