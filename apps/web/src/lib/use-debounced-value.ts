import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed unchanged for `delayMs`. A value equal to `immediate` (e.g. an emptied
 * search box) is taken at once, so clearing never waits.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, immediate?: T): T {
  const [settled, setSettled] = useState(value);
  const now = immediate !== undefined && Object.is(value, immediate);
  useEffect(() => {
    if (now) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, now]);
  return now ? value : settled;
}
