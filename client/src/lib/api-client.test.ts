import { ACCOUNT_SUSPENDED_MESSAGE } from '@playquid/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type TokenSource } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function tokens(...values: string[]): TokenSource & { calls: boolean[] } {
  const calls: boolean[] = [];
  return {
    calls,
    getIdToken: async (force?: boolean) => {
      calls.push(force === true);
      return values[Math.min(calls.length - 1, values.length - 1)];
    },
  };
}

describe('API client', () => {
  afterEach(() => vi.useRealTimers());

  it("reads after a write ask the server to wait for the write's log position (read-your-writes)", async () => {
    const answers = [
      json(200, { success: true, message: 'ok', data: [] }),
      new Response(JSON.stringify({ success: true, message: 'Requested', data: {} }), { status: 201, headers: { 'x-log-position': '42/7' } }),
      json(200, { success: true, message: 'ok', data: [] }),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    const api = createApiClient({ currentUser: () => tokens('t1'), fetch });
    const minPosition = (call: number) => new Headers((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers).get('x-min-log-position');

    await api.get('/api/users/payouts');
    expect(minPosition(0)).toBeNull();
    await api.post('/api/users/payout', {});
    expect(minPosition(1)).toBeNull();
    await api.get('/api/users/payouts');
    expect(minPosition(2)).toBe('42/7');
    expect(api.lastWritePosition()).toBe('42/7');
  });

  it('sends the cached bearer token (no forced refresh) and returns the envelope', async () => {
    const user = tokens('t1');
    const fetch = vi.fn(async () => json(200, { success: true, message: 'ok', data: { available_amount: 2 } }));
    const api = createApiClient({ currentUser: () => user, fetch });

    await expect(api.get('/api/users/balance')).resolves.toEqual({ success: true, message: 'ok', data: { available_amount: 2 } });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/users/balance');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t1');
    expect(user.calls).toEqual([false]);
    await api.get('/api/users/balance');
    expect(user.calls).toEqual([false, false]);
  });

  it('answers a banned member with the suspension message (disabled sign-in account, or the server 403) and says so', async () => {
    const onSuspended = vi.fn();
    const disabled: TokenSource = { getIdToken: async () => Promise.reject(Object.assign(new Error('disabled'), { code: 'auth/user-disabled' })) };
    const fetch = vi.fn(async () => json(403, { success: false, message: ACCOUNT_SUSPENDED_MESSAGE, detail: ACCOUNT_SUSPENDED_MESSAGE, data: null }));
    await expect(createApiClient({ currentUser: () => disabled, fetch, onSuspended }).get('/api/users/balance')).rejects.toMatchObject({
      status: 403,
      detail: ACCOUNT_SUSPENDED_MESSAGE,
    });
    expect(fetch).not.toHaveBeenCalled();
    await expect(createApiClient({ currentUser: () => tokens('t'), fetch, onSuspended }).get('/api/users/balance')).rejects.toMatchObject({
      status: 403,
      message: ACCOUNT_SUSPENDED_MESSAGE,
    });
    expect(onSuspended).toHaveBeenCalledTimes(2);
  });

  it('sends no authorization header for a visitor', async () => {
    const fetch = vi.fn(async () => json(200, { success: true, message: 'ok', data: null }));
    await createApiClient({ currentUser: () => null, fetch }).get('/api/health');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('posts JSON bodies', async () => {
    const fetch = vi.fn(async () => json(200, { success: true, message: 'ok', data: null }));
    await createApiClient({ currentUser: () => null, fetch }).post('/api/auth/register', { email: 'a@b.co' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('retries a 401 once with a refreshed token', async () => {
    const user = tokens('old', 'new');
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(401, { success: false, message: 'Invalid or expired token', detail: 'Invalid or expired token', data: null }),
      )
      .mockResolvedValueOnce(json(200, { success: true, message: 'ok', data: 1 }));
    const api = createApiClient({ currentUser: () => user, fetch });

    await expect(api.get('/api/users/balance')).resolves.toMatchObject({ data: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    const secondInit = fetch.mock.calls[1][1] as RequestInit;
    expect(new Headers(secondInit.headers).get('authorization')).toBe('Bearer new');
    // Cached token first, the forced refresh only for the retry.
    expect(user.calls).toEqual([false, true]);
  });

  it('gives up after the second 401', async () => {
    const fetch = vi.fn(async () =>
      json(401, { success: false, message: 'Invalid or expired token', detail: 'Invalid or expired token', data: null }),
    );
    const api = createApiClient({ currentUser: () => tokens('t'), fetch });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401, detail: 'Invalid or expired token' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('surfaces the server detail, else its message', async () => {
    const api = (body: unknown, status = 400) => createApiClient({ currentUser: () => null, fetch: async () => json(status, body) });
    await expect(
      api({ success: false, message: 'Bad Request', detail: 'username must be at most 30 characters', data: null }).get('/x'),
    ).rejects.toMatchObject({
      message: 'username must be at most 30 characters',
      status: 400,
    });
    await expect(api({ success: false, message: 'Forbidden' }, 403).get('/x')).rejects.toMatchObject({
      message: 'Forbidden',
      detail: 'Forbidden',
    });
    const error = await api('not json', 502)
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Request failed (502)', status: 502, detail: undefined });
  });

  it('treats success: false as a failure even with a 200', async () => {
    const api = createApiClient({ currentUser: () => null, fetch: async () => json(200, { success: false, message: 'Nope', data: null }) });
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Nope' });
  });

  it('aborts after the timeout', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_path: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = createApiClient({ currentUser: () => null, fetch, timeoutMs: 30_000 }).get('/slow');
    const assertion = expect(pending).rejects.toMatchObject({ status: 0, message: 'The request timed out. Please try again.' });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
  });
});
