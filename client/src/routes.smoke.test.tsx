import type { AdminPayout, Earning, Payout, StatementEntry, UserProfile } from '@playquid/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The member-money pages rendered through the real route tree, against canned API answers: the
 * routes' loaders, search params and components fit together, and the key texts appear.
 */

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('./lib/api', async () => ({ api, ApiError: (await import('./lib/api-client')).ApiError }));

const { AuthProvider } = await import('./lib/auth/react');
const { routeTree } = await import('./routeTree.gen');

const NOW = new Date();
const profile: UserProfile = {
  uid: 'uid-ana',
  username: 'ana',
  email: 'ana@example.com',
  displayName: 'ana',
  gender: 'female',
  role: 'USER',
  isAdmin: false,
  is_verified: true,
  created_at: '2025-01-01T10:00:00Z',
  last_login: NOW.toISOString(),
  total_earned: 3.25,
  total_earned_pence: 325,
  pending_earnings: 0.5,
  pending_earnings_pence: 50,
  completed_offers: 1,
  referral_count: 2,
};
const balance = {
  available_amount: 0.5,
  completed_amount: 0.5,
  pending_amount: 0.5,
  total_amount: 1,
  available_pence: 50,
  pending_pence: 50,
  total_pence: 100,
  total_transactions: 2,
  pending_transactions: 1,
  total_earned: 1,
  total_earned_pence: 100,
  withdrawable_pence: 50,
  locked_bonus_pence: 0,
  can_request_payout: false,
  payout_block: 'below-minimum',
  payout_shortfall_pence: 29,
  min_payout_pence: 79,
  currency: 'GBP',
};
const earning: Earning = {
  id: 'e1',
  amount: 0.5,
  amount_pence: 50,
  status: 'approved',
  created_at: NOW.toISOString(),
  display_title: 'Dragon Quest',
  has_icon: false,
  offer: { id: 'o1', name: 'Dragon Quest', icon_url: null, description: null },
  task: { id: null, name: null, transaction_id: null },
  is_bonus: false,
  payout_id: null,
};
const payout: AdminPayout = {
  id: '0f3c9a2e-7b1d-4c55',
  user_id: 'uid-ana',
  amount: 3.25,
  amount_pence: 325,
  status: 'pending',
  method: 'tremendous_reward',
  transaction_id: null,
  requested_at: NOW.toISOString(),
  processed_at: null,
  notes: null,
  reason: null,
  payment_details: { delivery_method: 'email', email: 'ana@example.com' },
  reward: { status: 'not_ordered', order_id: null, detail: null, state_at: null },
  reward_order_placed: false,
  needs_review: false,
  review_reversed_pence: 0,
  review_reason: null,
  can_cancel: true,
  can_reject: true,
  can_resend: false,
  can_return: false,
  earning_count: 1,
  user: { uid: 'uid-ana', email: 'ana@example.com', username: 'ana' },
};
const entries: StatementEntry[] = [
  {
    event_id: 'ev0',
    revision: 0,
    at: '2026-05-01T10:00:00Z',
    kind: 'welcome_bonus',
    reason: 'Welcome bonus',
    available_change_pence: 200,
    pending_change_pence: 0,
    available_balance_pence: 200,
    pending_balance_pence: 0,
    earning_id: null,
    payout_id: null,
    expected_clear_at: null,
  },
  {
    event_id: 'ev1',
    revision: 1,
    at: '2026-05-02T10:00:00Z',
    kind: 'earning_pending',
    reason: 'Dragon Quest: level 5',
    available_change_pence: 0,
    pending_change_pence: 50,
    available_balance_pence: 200,
    pending_balance_pence: 50,
    earning_id: 'e2',
    payout_id: null,
    expected_clear_at: '2026-06-01T10:00:00Z',
  },
  {
    event_id: 'ev2',
    revision: 2,
    at: '2026-05-03T10:00:00Z',
    kind: 'earning_reversed',
    reason: 'Chargeback from the offer partner',
    available_change_pence: -150,
    pending_change_pence: 0,
    available_balance_pence: 50,
    pending_balance_pence: 50,
    earning_id: 'e3',
    payout_id: null,
    expected_clear_at: null,
  },
];

const stats = { referral_earnings_pence: 300, success_rate: 16.7, average_per_offer_pence: 50 };

const paged = <T,>(data: T[]) => ({ success: true, message: 'ok', data, page: 1, per_page: 20, total: data.length, total_pages: 1 });
const ok = <T,>(data: T) => ({ success: true, message: 'ok', data });

function answer(path: string) {
  const [route] = path.split('?');
  switch (route) {
    case '/api/users/profile':
      return ok({ user: profile });
    case '/api/users/balance':
      return ok(balance);
    case '/api/users/balance/detailed':
      return ok({ ...balance, reserved_pence: 0, is_negative: false, min_payout_pence: 79, as_of: null });
    case '/api/users/earnings/recent':
      return ok([earning]);
    case '/api/users/earnings':
      return { ...paged([earning]), summary: { totalAmount: 0.5, totalCount: 1, approvedAmount: 0.5, pendingAmount: 0, total_pence: 50, approved_pence: 50, pending_pence: 0 } };
    case '/api/users/progress':
      return paged([]);
    case '/api/users/payouts':
      return paged<Payout>([]);
    case '/api/users/stats':
      return ok({ stats });
    case '/api/users/statement':
      return ok({ entries, available_pence: 50, pending_pence: 50, reserved_pence: 0, as_of: null });
    case '/api/admin/payouts':
      return paged([payout]);
    default:
      return ok([]);
  }
}

function session(isAdmin = false) {
  const listeners = new Set<() => void>();
  let state = {
    status: 'signed-in' as const,
    user: { uid: 'uid-ana', email: 'ana@example.com', emailVerified: true },
    profile: { ...profile, isAdmin, role: isAdmin ? 'ADMIN' : 'USER' },
    isAdmin,
    isVerified: true,
  };
  return {
    get state() {
      return state;
    },
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: async () => undefined,
    refresh: async () => state,
    /** The admin role taken away while a page is open. */
    revokeAdmin() {
      state = { ...state, isAdmin: false };
      listeners.forEach((listener) => listener());
    },
  };
}

async function open(path: string, isAdmin = false, auth = session(isAdmin)) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    context: { auth: auth as never, queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider session={auth as never}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
  });
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  window.scrollTo = vi.fn() as never;
  api.get.mockImplementation(async (path: string) => answer(path));
});
afterEach(cleanup);

describe('member money pages', () => {
  it('dashboard: greeting, stat cards, payout action enabled below £10 without the ready marker', async () => {
    await open('/dashboard');
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toMatch(/^Good (morning|afternoon|evening), ana$/);
    expect(screen.getByTestId('dashboard-available-balance').textContent).toBe('£0.50');
    await screen.findByText('Your Active Offers');
    expect(screen.queryByTestId('dashboard-payout-ready')).toBeNull();
    expect(screen.getByTestId('quick-payout').getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByTestId('welcome-overlay')).toBeNull();
  });

  it('payments: the request is disabled below the minimum; the history tab lists nothing yet', async () => {
    const router = await open('/payments');
    const send = await screen.findByRole('button', { name: 'Send Reward Email' });
    expect(send).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(screen.getByTestId('payout-minimum').textContent).toBe('Minimum payout amount is £0.79 (£0.29 more needed)'),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Payout History' }));
    await screen.findByText('No payout history');
    expect(router.state.location.search).toEqual({ tab: 'history' });
  });

  it('a bonus-only member: one withdrawable figure (£0.00) on the dashboard, payments and profile, the bonus shown as locked, no request', async () => {
    const bonusOnly = {
      ...balance,
      available_pence: 200,
      available_amount: 2,
      total_pence: 200,
      withdrawable_pence: 0,
      locked_bonus_pence: 200,
      can_request_payout: false,
      payout_block: 'bonus-locked',
      payout_shortfall_pence: 79,
    };
    api.get.mockImplementation(async (path: string) =>
      path.startsWith('/api/users/balance') ? ok({ ...bonusOnly, reserved_pence: 0, is_negative: false, as_of: null }) : answer(path),
    );
    await open('/dashboard');
    await screen.findByTestId('dashboard-greeting');
    const card = screen.getByTestId('dashboard-available-balance').parentElement!;
    expect(screen.getByTestId('dashboard-available-balance').textContent).toBe('£0.00');
    expect(card.textContent).toContain('+ £2.00 bonus locked until your first offer is approved');
    expect(screen.getByTestId('dashboard-balance-available').textContent).toBe('£0.00');
    expect(screen.getByTestId('dashboard-balance-locked').textContent).toBe('£2.00');
    expect(screen.getByTestId('quick-payout').getAttribute('aria-disabled')).toBe('true');
    cleanup();

    await open('/payments');
    await screen.findByRole('button', { name: 'Send Reward Email' });
    expect(screen.getByTestId('payments-available').textContent).toBe('£0.00');
    expect(screen.getByTestId('payments-available').parentElement!.textContent).toContain('+ £2.00 bonus locked until your first offer is approved');
    expect(screen.getByTestId('payout-amount').textContent).toBe('£0.00');
    expect(screen.getByRole('button', { name: 'Send Reward Email' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('payout-locked-bonus').textContent).toContain('£2.00');
  });

  it('statement: running balance, the clearing estimate and the reversal reason', async () => {
    await open('/earnings/statement');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('statement-row');
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[3].textContent)).toEqual(['£0.50', '£2.00', '£2.00']);
    expect(rows[0].textContent).toContain('Chargeback from the offer partner');
    expect(rows[1].textContent).toMatch(/expected to clear by 1 Jun 2026/);
  });

  it('statement: paged from the newest; the balances after the latest entry stay on every page, and an as-of day is paged the same way', async () => {
    // 120 entries at 50 a page: page 1 the newest 50, page 3 the oldest 20; the balances are always the latest.
    api.get.mockImplementation(async (path: string) => {
      if (!path.startsWith('/api/users/statement')) return answer(path);
      const query = new URLSearchParams(path.split('?')[1]);
      const page = Number(query.get('page'));
      const at = (i: number) => new Date(Date.UTC(2026, 4, 1) + i * 3_600_000).toISOString();
      const end = 120 - (page - 1) * 50;
      const page_entries = Array.from({ length: Math.min(50, end) }, (_, k) => {
        const i = Math.max(0, end - 50) + k;
        return { ...entries[0], event_id: `ev${i}`, revision: i, at: at(i), available_balance_pence: 100 + i };
      });
      return ok({ entries: page_entries, available_pence: 219, pending_pence: 0, reserved_pence: 0, as_of: query.get('as_of'), page, per_page: 50, total: 120, total_pages: 3 });
    });
    const router = await open('/earnings/statement');
    expect(await screen.findByTestId('statement-page')).toHaveProperty('textContent', 'Page 1 of 3');
    expect(screen.getByTestId('statement-count').textContent).toBe('120 changes, newest first');
    const firstRows = within(screen.getByRole('table')).getAllByTestId('statement-row');
    expect(firstRows).toHaveLength(50);
    expect(firstRows[0].textContent).toContain('£2.19');
    expect(api.get).toHaveBeenCalledWith('/api/users/statement?page=1&per_page=50', expect.anything());

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next' })));
    await act(async () => fireEvent.click(await screen.findByRole('link', { name: 'Next' })));
    await waitFor(() => expect(screen.getByTestId('statement-page').textContent).toBe('Page 3 of 3'));
    expect(router.state.location.search).toEqual({ page: 3 });
    const lastRows = within(screen.getByRole('table')).getAllByTestId('statement-row');
    expect(lastRows).toHaveLength(20);
    expect(lastRows.map((row) => (row as HTMLTableRowElement).cells[3].textContent)).toContain('£1.00');
    expect(screen.getByTestId('statement-available').textContent).toContain('£2.19');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');

    // The 'as of' view pages the same way, and a new day starts again from its newest entries.
    fireEvent.change(screen.getByTestId('statement-as-of'), { target: { value: '2026-05-03' } });
    await waitFor(() => expect(screen.getByTestId('statement-page').textContent).toBe('Page 1 of 3'));
    expect(router.state.location.search).toEqual({ as_of: '2026-05-03' });
    expect(api.get).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/users\/statement\?as_of=.+&page=1&per_page=50$/), expect.anything());
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Next' })));
    await waitFor(() => expect(router.state.location.search).toEqual({ as_of: '2026-05-03', page: 2 }));

    // 'As of today' is as of the moment of the fetch, and the page shows (its key is the day, not the moment).
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    fireEvent.change(screen.getByTestId('statement-as-of'), { target: { value: day } });
    await waitFor(() => expect(router.state.location.search).toEqual({ as_of: day }));
    expect((await screen.findByTestId('statement-page')).textContent).toBe('Page 1 of 3');
    expect(screen.getByTestId('statement-moment').textContent).toMatch(/^Balances at the end of /);
  });

  it('referrals: the earnings are what the referrals paid, not friends x reward (two friends, one completed an offer)', async () => {
    stats.referral_earnings_pence = 150;
    try {
      await open('/referrals');
      expect((await screen.findByTestId('referral-earnings')).textContent).toBe('£1.50');
    } finally {
      stats.referral_earnings_pence = 300;
    }
  });

  it('profile: the referral tab shows the earnings from stats and the link', async () => {
    await open('/profile?tab=referrals');
    expect((await screen.findByTestId('profile-referral-earnings')).textContent).toBe('£3.00');
    expect((screen.getByLabelText('Your referral link') as HTMLInputElement).value).toBe(`${window.location.origin}/?ref=uid-ana`);
  });
});

describe('admin payouts', () => {
  it('lists payouts with Process on pending rows and opens the modal', async () => {
    await open('/admin/payouts', true);
    const row = await screen.findByTestId('admin-payout-row');
    expect(within(row).getByTestId('payout-status').textContent).toBe('Pending');
    expect(within(row).getByText('Reward email')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Process' }));
    expect(screen.getByRole('dialog', { name: 'Mark Reward Payout as Paid' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as Paid' })).toHaveProperty('disabled', true);
  });

  it('a role lost while the page is open: the page gives way to its own refusal', async () => {
    const auth = session(true);
    await open('/admin/payouts', true, auth);
    await screen.findByTestId('admin-payout-row');
    act(() => auth.revokeAdmin());
    expect(screen.getByRole('alert').textContent).toBe('Access Denied - You need admin permissions to access this page');
    expect(screen.queryByTestId('admin-payout-row')).toBeNull();
  });

  it('sends the status filter as status_filter', async () => {
    await open('/admin/payouts?status=completed', true);
    await screen.findByTestId('admin-payout-row');
    expect(api.get.mock.calls.map(([path]) => path)).toContain('/api/admin/payouts?page=1&per_page=50&status_filter=completed');
  });
});
