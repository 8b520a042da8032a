/**
 * The member's live wallet: `GET /api/users/events` (Server-Sent Events, read with fetch so the
 * bearer token goes in a header) says when the balance, earnings or payouts changed. While the
 * stream is open the wallet queries do not poll (`liveRefetchInterval`); when it drops they poll
 * again until it is back.
 */

export const MEMBER_EVENTS_PATH = '/api/users/events';
/** The server sends a comment every 15 s: three missed ones mean the connection is dead. */
const SILENCE_LIMIT_MS = 45_000;
const RETRY_MS = 3_000;

// Whether the stream is open lives in ./stream-state, small enough for the shell's balance query.
export { liveRefetchInterval, memberEventsOpen, setMemberEventsOpen } from './stream-state';

export interface MemberEventsOptions {
  /** The member's ID token (cached; `forceRefresh` only after a 401), or null when signed out. */
  token: (forceRefresh: boolean) => Promise<string | null>;
  /** The wallet changed: refetch balance, earnings, statement, stats and payouts. */
  onWallet: () => void;
  /** The stream opened (true) or dropped (false). */
  onOpenChange: (open: boolean) => void;
  /** The stream was refused for good (or the member signed out): it will not be tried again. */
  onGiveUp?: () => void;
  fetch?: typeof fetch;
  retryMs?: number;
  silenceLimitMs?: number;
}

/** Keeps a member events stream open (reconnecting after drops) until the returned stop is called. */
export function connectMemberEvents({
  token,
  onWallet,
  onOpenChange,
  onGiveUp,
  fetch: doFetch = globalThis.fetch.bind(globalThis),
  retryMs = RETRY_MS,
  silenceLimitMs = SILENCE_LIMIT_MS,
}: MemberEventsOptions): () => void {
  let stopped = false;
  let current: AbortController | undefined;
  let wait: ReturnType<typeof setTimeout> | undefined;
  let wakeUp: (() => void) | undefined;
  let open = false;
  const setOpen = (value: boolean) => {
    if (open === value) return;
    open = value;
    onOpenChange(value);
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      wait = setTimeout(resolve, ms);
    });

  async function once(forceRefresh: boolean): Promise<'retry' | 'refresh' | 'stop'> {
    const bearer = await token(forceRefresh).catch(() => null);
    if (!bearer) return 'stop';
    const abort = new AbortController();
    current = abort;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), silenceLimitMs);
    };
    try {
      const response = await doFetch(MEMBER_EVENTS_PATH, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${bearer}` },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (response.status === 401) return forceRefresh ? 'retry' : 'refresh';
      // Refused for good (not verified, banned, no such route): polling alone serves.
      if (response.status >= 400 && response.status < 500) return 'stop';
      if (!response.ok || !response.body) return 'retry';
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      // Stopping (or the silence watchdog) ends the read at once, whatever the body does.
      abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      let buffer = '';
      watch();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'retry';
        watch();
        buffer += value.replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          if (event === 'ready') setOpen(true);
          else if (event === 'wallet') onWallet();
        }
      }
    } catch {
      return 'retry';
    } finally {
      clearTimeout(silence);
      setOpen(false);
      abort.abort();
    }
  }

  void (async () => {
    let forceRefresh = false;
    while (!stopped) {
      const outcome = await once(forceRefresh);
      if (stopped) return;
      if (outcome === 'stop') return onGiveUp?.();
      forceRefresh = outcome === 'refresh';
      if (!forceRefresh) await pause(retryMs);
    }
  })();

  return () => {
    stopped = true;
    clearTimeout(wait);
    wakeUp?.();
    current?.abort();
  };
}
