import type { PagedEnvelope, Payout } from '@playquid/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listsShowAction, settlePayoutLists, withPayoutStatus } from './payout-cache';

type Row = Pick<Payout, 'id' | 'status'>;
const pageOf = (...rows: Row[]): PagedEnvelope<Row> => ({
  success: true,
  message: 'ok',
  data: rows,
  page: 1,
  per_page: 20,
  total: rows.length,
  total_pages: 1,
});

describe('patching a payout list', () => {
  it("replaces only that payout's status", () => {
    const page = pageOf({ id: 'a', status: 'pending' }, { id: 'b', status: 'pending' });
    expect(withPayoutStatus(page, { payout_id: 'a', status: 'cancelled' }).data).toEqual([
      { id: 'a', status: 'cancelled' },
      { id: 'b', status: 'pending' },
    ]);
  });
  it('returns the same page when there is nothing to change', () => {
    const page = pageOf({ id: 'a', status: 'pending' });
    expect(withPayoutStatus(page, { payout_id: 'z', status: 'cancelled' })).toBe(page);
    expect(withPayoutStatus(page, { payout_id: 'a', status: 'pending' })).toBe(page);
  });
});

describe('has the read model caught up', () => {
  const action = { payout_id: 'a', status: 'completed' } as const;
  it('needs every copy of the row to show the new status', () => {
    expect(listsShowAction([pageOf({ id: 'a', status: 'completed' })], action, false)).toBe(true);
    expect(listsShowAction([pageOf({ id: 'a', status: 'completed' }), pageOf({ id: 'a', status: 'pending' })], action, false)).toBe(false);
  });
  it('accepts a missing row for a status change (a filter may hide it) but not for a new request', () => {
    expect(listsShowAction([pageOf()], action, false)).toBe(true);
    expect(listsShowAction([pageOf(), undefined], action, true)).toBe(false);
  });
});

describe('settling the lists after a command', () => {
  it('shows the new status at once and keeps it until the server list agrees', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['payouts', 'uid-1', 1, 20];
    // The server's list is stale for the first two refetches, then shows the cancellation.
    const answers = [
      pageOf({ id: 'a', status: 'pending' }),
      pageOf({ id: 'a', status: 'pending' }),
      pageOf({ id: 'a', status: 'cancelled' }),
    ];
    let fetches = 0;
    const seen: string[] = [];
    client.setQueryDefaults(['payouts'], { queryFn: async () => answers[Math.min(fetches++, answers.length - 1)] });
    await client.fetchQuery({ queryKey: key });
    expect(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status).toBe('pending');

    const settled = settlePayoutLists(
      client,
      ['payouts', 'uid-1'],
      { payout_id: 'a', status: 'cancelled' },
      {
        intervalMs: 0,
        sleep: async () => void seen.push(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status),
      },
    );
    await expect(settled).resolves.toBe(true);
    // Before every refetch the cached list already showed 'cancelled', never the stale 'pending'.
    expect(seen).toEqual(['cancelled', 'cancelled']);
    expect(fetches).toBe(3);
    expect(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status).toBe('cancelled');
  });

  it('gives up after the given attempts', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryDefaults(['payouts'], { queryFn: async () => pageOf() });
    await client.fetchQuery({ queryKey: ['payouts', 'u', 1, 20] });
    const settled = settlePayoutLists(
      client,
      ['payouts', 'u'],
      { payout_id: 'new', status: 'pending' },
      { expectRow: true, attempts: 2, sleep: async () => undefined },
    );
    await expect(settled).resolves.toBe(false);
  });
});
