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
  it('shows the new status at once and reads the lists once more (the read waits for the command on the server)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['payouts', 'uid-1', 1, 20];
    const answers = [pageOf({ id: 'a', status: 'pending' }), pageOf({ id: 'a', status: 'cancelled' })];
    let fetches = 0;
    client.setQueryDefaults(['payouts'], { queryFn: async () => answers[Math.min(fetches++, answers.length - 1)] });
    await client.fetchQuery({ queryKey: key });
    expect(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status).toBe('pending');

    const settled = settlePayoutLists(client, ['payouts', 'uid-1'], { payout_id: 'a', status: 'cancelled' });
    // Patched before anything is awaited.
    expect(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status).toBe('cancelled');
    await expect(settled).resolves.toBe(true);
    expect(fetches).toBe(2);
    expect(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status).toBe('cancelled');
  });

  it('keeps the patched status when the read still shows the old one (the server stopped waiting)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['payouts', 'u', 1, 20];
    client.setQueryDefaults(['payouts'], { queryFn: async () => pageOf({ id: 'a', status: 'pending' }) });
    await client.fetchQuery({ queryKey: key });
    await expect(settlePayoutLists(client, ['payouts', 'u'], { payout_id: 'a', status: 'cancelled' })).resolves.toBe(false);
    expect(client.getQueryData<PagedEnvelope<Row>>(key)!.data[0].status).toBe('cancelled');
  });
});
