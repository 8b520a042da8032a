import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `ms`. Showing a new one restarts
 * the clock; `ms` of 0 keeps it until replaced or cleared.
 */
export function useFlash<T>(ms: number): [T | null, (value: T, keepMs?: number) => void, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T, keepMs = ms) => {
      window.clearTimeout(timer.current);
      setValue(next);
      if (keepMs > 0) timer.current = window.setTimeout(() => setValue(null), keepMs);
    },
    [ms],
  );
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setValue(null);
  }, []);
  return [value, show, clear];
}
