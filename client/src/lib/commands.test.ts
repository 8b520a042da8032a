import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('./api', () => ({ api }));

const { adminPayoutCommand, cancelOwnPayout, requestPayout, serverMessage } = await import('./commands');
const { adminPayoutsQuery } = await import('./payouts/queries');
const { availableEarningsQuery, statementQuery } = await import('./wallet/queries');
const { localDay } = await import('./statement');

beforeEach(() => {
  vi.clearAllMocks();
  api.get.mockResolvedValue({ success: true, message: 'ok', data: [] });
  api.post.mockResolvedValue({ success: true, message: 'ok', data: {} });
});

const signal = new AbortController().signal;
const run = async (options: { queryFn?: unknown }) =>
  (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({ signal });

describe('member payout calls', () => {
  it('requests the whole balance as a reward email', async () => {
    await requestPayout();
    expect(api.post).toHaveBeenCalledWith('/api/users/payout', {
      method: 'tremendous_reward',
      payment_details: { delivery_method: 'email' },
    });
  });
  it('cancels by id, escaping it', async () => {
    await cancelOwnPayout('a/b');
    expect(api.post).toHaveBeenCalledWith('/api/users/payout/a%2Fb/cancel', {});
  });
});

describe('admin payout calls', () => {
  it('posts each action to its path with its body', async () => {
    await adminPayoutCommand('p1', { action: 'process', body: { transaction_id: 'TX-1' } });
    await adminPayoutCommand('p1', { action: 'reject', body: { reason: 'duplicate' } });
    expect(api.post.mock.calls).toEqual([
      ['/api/admin/payouts/p1/process', { transaction_id: 'TX-1' }],
      ['/api/admin/payouts/p1/reject', { reason: 'duplicate' }],
    ]);
  });
  it('sends the status filter as status_filter, and none for All', async () => {
    await run(adminPayoutsQuery(2, 'pending'));
    await run(adminPayoutsQuery(1));
    expect(api.get.mock.calls.map(([path]) => path)).toEqual([
      '/api/admin/payouts?page=2&per_page=50&status_filter=pending',
      '/api/admin/payouts?page=1&per_page=50',
    ]);
  });
});

describe('member money queries', () => {
  it('asks for approved earnings not yet in a payout', async () => {
    await run(availableEarningsQuery('u1'));
    expect(api.get.mock.calls[0][0]).toBe('/api/users/earnings?page=1&per_page=50&status=approved&available_for_payout=true');
  });
  it('passes as_of (the end of the day) to the statement only when given, asks for one page of 50, and keys them apart', async () => {
    await run(statementQuery('u1'));
    await run(statementQuery('u1', '2026-03-14', 3));
    expect(api.get.mock.calls.map(([path]) => path)).toEqual([
      '/api/users/statement?page=1&per_page=50',
      `/api/users/statement?as_of=${encodeURIComponent(new Date(2026, 2, 14, 23, 59, 59, 999).toISOString())}&page=3&per_page=50`,
    ]);
    expect(statementQuery('u1').queryKey).not.toEqual(statementQuery('u1', '2026-03-14').queryKey);
    expect(statementQuery('u1', undefined, 2).queryKey).not.toEqual(statementQuery('u1').queryKey);
  });
  it("keys 'as of today' by the day, so the moment (now, at the fetch) does not change the key between renders", () => {
    const today = localDay();
    expect(statementQuery('u1', today).queryKey).toEqual(statementQuery('u1', today).queryKey);
    expect(statementQuery('u1', today).staleTime).toBe(10_000);
    expect(statementQuery('u1', '2026-03-14').staleTime).toBe(Infinity);
  });
});

describe('server message', () => {
  it("prefers the server's text and falls back to the screen's", () => {
    expect(serverMessage(new ApiError('Minimum payout amount is £0.79', 400, 'Minimum payout amount is £0.79'), 'fallback')).toBe(
      'Minimum payout amount is £0.79',
    );
    expect(serverMessage(new ApiError('Request failed (502)', 502), 'Failed to submit payout request. Please try again.')).toBe(
      'Failed to submit payout request. Please try again.',
    );
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
