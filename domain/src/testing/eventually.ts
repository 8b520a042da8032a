export interface EventuallyOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Between two checks (default 50 ms). */
  intervalMs?: number;
  /** What is awaited, for the timeout's message (a function is read when the time is up). */
  what?: string | (() => string);
}

/**
 * Checks until `check` gives a value other than undefined (or false) and returns it: for what
 * becomes true later (read models, queues, leases). A check that throws is checked again; on
 * timeout, the last error is in the message. The one polling helper of every package's tests.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: EventuallyOptions | number = {},
): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 50, what } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const waitingFor = typeof what === 'function' ? what() : what;
      throw new Error(`Timed out waiting${waitingFor ? ` for ${waitingFor}` : ''}${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
