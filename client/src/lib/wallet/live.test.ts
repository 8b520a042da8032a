// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectMemberEvents, liveRefetchInterval, setMemberEventsOpen } from './live';

/** A streamed response whose chunks the test pushes. */
function streamed(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('member events stream', () => {
  afterEach(() => setMemberEventsOpen(false));

  it('polls only while no stream is open', () => {
    const interval = liveRefetchInterval(3_000);
    expect(interval()).toBe(3_000);
    setMemberEventsOpen(true);
    expect(interval()).toBe(false);
  });

  it('sends the cached token, says when it opens, refetches on each wallet event (split across chunks) and reconnects after a drop', async () => {
    const first = streamed();
    const second = streamed();
    const fetch = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const token = vi.fn(async (force: boolean) => (force ? 'fresh' : 'cached'));
    const onWallet = vi.fn();
    const opens: boolean[] = [];
    const stop = connectMemberEvents({ token, onWallet, onOpenChange: (open) => opens.push(open), fetch, retryMs: 1 });

    first.push('retry: 3000\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(opens).toEqual([true]));
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/users/events');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer cached');
    expect(token).toHaveBeenCalledWith(false);

    first.push(': heartbeat\n\nevent: wal');
    first.push('let\ndata: {}\n\nevent: wallet\r\ndata: {}\r\n\r\n');
    await vi.waitFor(() => expect(onWallet).toHaveBeenCalledTimes(2));

    first.end();
    await vi.waitFor(() => expect(opens).toEqual([true, false]));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    second.push('event: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(opens).toEqual([true, false, true]));
    stop();
    await vi.waitFor(() => expect(opens).toEqual([true, false, true, false]));
    expect(onWallet).toHaveBeenCalledTimes(2);
  });

  it('forces a token refresh only after a 401, and gives up on a lasting refusal', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 401 }))
      .mockResolvedValueOnce(new Response('{}', { status: 403 }));
    const token = vi.fn(async (force: boolean) => (force ? 'fresh' : 'cached'));
    const onOpenChange = vi.fn();
    const gaveUp = new Promise<void>((resolve) => connectMemberEvents({ token, onWallet: vi.fn(), onOpenChange, onGiveUp: resolve, fetch, retryMs: 1 }));
    // 403: given up, not retried (polling stays the way the page updates).
    await gaveUp;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(token.mock.calls).toEqual([[false], [true]]);
    expect(new Headers((fetch.mock.calls[1] as [string, RequestInit])[1].headers).get('authorization')).toBe('Bearer fresh');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
