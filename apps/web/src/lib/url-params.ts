// The list pages keep their state in the URL's query (back, reload and shared links show the same
// list). React Router's own functional update hands the updater the query of the last render, and a
// navigation renders in a transition: two controls used before that render (a filter chip, then a
// switch) made the second change from the query without the first, and the first was lost. Here each
// change starts from the query the previous change wrote, and a navigation from elsewhere (back,
// forward, a link) resets that to what the location says.
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

export function useQueryState() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams) => {
      const out = next(new URLSearchParams(latest.current));
      latest.current = out;
      setParams(out, { replace: true });
    },
    [setParams],
  );
  return [params, change] as const;
}
