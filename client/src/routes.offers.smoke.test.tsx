import type { AdminStats } from '@playquid/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCallback, makeOffer } from './lib/testing/offer-fixtures';

/**
 * The offers, callbacks and analytics pages rendered through the real route tree against canned
 * API answers: loaders, components and the calls they make fit together.
 */

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('./lib/api', async () => ({ api, ApiError: (await import('./lib/api-client')).ApiError }));

const { AuthProvider } = await import('./lib/auth/react');
const { ApiError } = await import('./lib/api-client');
const { routeTree } = await import('./routeTree.gen');

const offers = [
  makeOffer({ id: 'o1', title: 'Dragon Quest', reward_pence: 1800, featured: true, anchor: 'dragon' }),
  makeOffer({ id: 'o2', title: 'Farm Town', description: 'Grow a dragon fruit farm', reward_pence: 400, anchor: null }),
  makeOffer({ id: 'o3', title: 'Old Game', status: 'inactive' }),
];
const callbacks = [makeCallback({ id: 'c1', transaction_id: 'tx-ok' }), makeCallback({ id: 'c2', transaction_id: 'tx-bad', processing_error: 'wallet conflict' })];
const stats: AdminStats = {
  currency: { company: 'USD', client: 'GBP', time_periods: 'GBP', top_performing_offers: 'GBP' },
  revenue: { company: { total: 10, completed: 8, pending: 2 }, client: { total: 5, completed: 4, pending: 1 }, time_periods: { yesterday: 1, month_to_date: 9 } },
  signups: { total: 42, active_users: 30, today: 1, yesterday: 2, month_to_date: 20, this_week: 5 },
  conversion: { conversion_rate: 12.5, total_completions: 5, total_starts: 40, in_progress: 3, rejected: 1 },
  general: { active_offers: 2, total_offers: 3, featured_offers: 1 },
  top_performing_offers: Array.from({ length: 8 }, (_, i) => ({ offer_id: `o${i}`, name: `Top ${i}`, icon_url: null, completion_count: 10 - i, total_revenue: 5 })),
};

const ok = <T,>(data: T) => ({ success: true, message: 'ok', data });
const paged = <T,>(data: T[], perPage = 100) => ({ ...ok(data), page: 1, per_page: perPage, total: data.length, total_pages: 1 });

function answer(path: string) {
  const [route] = path.split('?');
  if (route === '/api/offers/alloffers') {
    const query = new URLSearchParams(path.split('?')[1]);
    const search = query.get('search')?.toLowerCase();
    const shown = offers
      .filter((offer) => offer.status === 'active')
      .filter((offer) => query.get('featured') !== 'true' || offer.featured)
      .filter((offer) => !search || `${offer.title} ${offer.description}`.toLowerCase().includes(search));
    return { ...paged(shown, 12), facets: { categories: ['Puzzle'], difficulties: ['Easy'], platforms: [0, 1] } };
  }
  if (route === '/api/admin/offers') return paged(offers);
  if (route === '/api/offers/missing') throw new ApiError('Offer not found', 404, 'Offer not found');
  if (route.startsWith('/api/offers/')) return ok({ offer: offers.find((offer) => route.endsWith(`/${offer.id}`)) });
  if (route === '/api/admin/callbacks') return { ...paged(callbacks, 50), total: 57, total_pages: 2 };
  if (route === '/api/admin/callbacks/stats') return ok({ stats: { total_callbacks: 57, recent_callbacks_24h: 3, processed_callbacks: 50, unprocessed_callbacks: 7, failed_callbacks: 1, success_rate: 85.96, completed_callbacks: 50, pending_callbacks: 7, reconciled_callbacks: 0 } });
  if (route.startsWith('/api/admin/callbacks/')) return ok({ callback: callbacks.find((callback) => route.endsWith(`/${callback.id}`)) });
  if (route === '/api/admin/stats') return ok({ stats });
  return ok([]);
}

function session(kind: 'visitor' | 'member' | 'admin') {
  const signedIn = kind !== 'visitor';
  const state = {
    status: signedIn ? ('signed-in' as const) : ('signed-out' as const),
    user: signedIn ? { uid: 'uid-ana', email: 'ana@example.com', emailVerified: true } : null,
    profile: null,
    isAdmin: kind === 'admin',
    isVerified: signedIn,
  };
  return { state, getState: () => state, subscribe: () => () => undefined, ready: async () => undefined };
}

async function open(path: string, kind: 'visitor' | 'member' | 'admin' = 'visitor') {
  const auth = session(kind);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({ routeTree, context: { auth: auth as never, queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
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
  window.scrollTo = vi.fn() as never;
  api.get.mockImplementation(async (path: string) => answer(path));
  api.put.mockResolvedValue(ok(null));
  api.post.mockResolvedValue(ok(null));
});
afterEach(cleanup);

describe('offers pages', () => {
  it('/offers: one page of games for the device from the server, featured section, server-side search, no invented figures', async () => {
    await open('/offers');
    const grid = await screen.findByTestId('offers-grid');
    expect(within(grid).getAllByTestId('offer-card').map((card) => card.dataset.offerId)).toEqual(['o1', 'o2']);
    expect(within(await screen.findByTestId('offers-featured')).getAllByTestId('offer-card')).toHaveLength(1);
    const listCalls = () => api.get.mock.calls.map(([path]) => path as string).filter((path) => path.startsWith('/api/offers/alloffers'));
    expect(listCalls()).toContain('/api/offers/alloffers?device=desktop&sort=highest_reward&page=1&per_page=12');
    expect(listCalls()).toContain('/api/offers/alloffers?device=desktop&featured=true&sort=highest_reward&page=1&per_page=6');
    // No rating, no 'N playing': completions show only when real (these offers have none).
    const text = `${screen.getByTestId('offers-grid').textContent} ${screen.getByTestId('offers-featured').textContent}`;
    expect(text).not.toMatch(/playing|rated|rating|★/i);
    expect(screen.queryAllByTestId('offer-completions')).toHaveLength(0);
    // Only the filter values the server says have offers; the platform filter is its own select.
    expect([...(screen.getByTestId('offers-category') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All categories', 'Puzzle']);
    expect([...(screen.getByTestId('offers-difficulty') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All difficulties', 'Easy']);
    expect([...(screen.getByTestId('offers-platform') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All platforms', 'All devices', 'Android']);
    expect([...(screen.getByTestId('offers-sort') as HTMLSelectElement).options].map((o) => o.text)).not.toContain('Best Rated');

    fireEvent.change(screen.getByTestId('offers-search'), { target: { value: 'FRUIT' } });
    await waitFor(() => expect(listCalls()).toContain('/api/offers/alloffers?device=desktop&search=FRUIT&sort=highest_reward&page=1&per_page=12'));
    await waitFor(() =>
      expect(within(screen.getByTestId('offers-grid')).getAllByTestId('offer-card').map((card) => card.dataset.offerId)).toEqual(['o2']),
    );
  });

  it('/offers/{id}: a visitor is asked to log in; a member starts the offer', async () => {
    await open('/offers/o1');
    expect((await screen.findByTestId('offer-start')).textContent).toBe('Login to Start');
    cleanup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    api.post.mockResolvedValue(ok({ click_url: 'https://track.example/click', offer_id: 'o1' }));
    await open('/offers/o1', 'member');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Offer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://track.example/click'));
    expect(api.post).toHaveBeenCalledWith('/api/offers/o1/start');
    vi.unstubAllGlobals();
  });

  it('/offers/{id}: a 404 shows Offer Not Found', async () => {
    // The router reports the loader's error before the error component takes over.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await open('/offers/missing');
    await screen.findByTestId('offer-not-found');
    quiet.mockRestore();
    warn.mockRestore();
  });
});

describe('admin offers', () => {
  it('refuses to feature an offer without an anchor; features an anchored group', async () => {
    await open('/admin/offers', 'admin');
    const rows = await screen.findAllByTestId('admin-offer-row');
    const loose = rows.find((row) => row.dataset.offerId === 'o2')!;
    fireEvent.click(within(loose).getByTestId('admin-offer-featured'));
    expect((await screen.findByTestId('admin-offers-message')).textContent).toBe('This offer has no anchor. Set an anchor first to use group featuring.');
    expect(api.put).not.toHaveBeenCalled();

    fireEvent.change(within(loose).getByTestId('admin-offer-anchor-input'), { target: { value: '  farm  ' } });
    fireEvent.click(within(loose).getByTestId('admin-offer-anchor-save'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/admin/offers/o2/anchor', { anchor: 'farm' }));
    fireEvent.click(within(loose).getByTestId('admin-offer-featured'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/admin/offers/o2/featured?featured=true'));
    await waitFor(() => expect(screen.getByTestId('featured-count').textContent).toBe('2 / 16'));
  });
});

describe('admin callbacks and analytics', () => {
  it('lists callbacks; Reprocess only on the failed row; details load when a row opens', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await open('/admin/callbacks', 'admin');
    const rows = await screen.findAllByTestId('callback-row');
    expect(within(rows[0]).queryByTestId('callback-reprocess')).toBeNull();
    expect(screen.getByTestId('callbacks-showing').textContent).toBe('Showing 2 of 57 callbacks');
    expect(screen.getByTestId('callbacks-page').textContent).toBe('Page 1 of 2');
    fireEvent.click(within(rows[1]).getByTestId('callback-reprocess'));
    // The outcome is shown on the page, never in a native alert box.
    expect((await screen.findByTestId('callbacks-message')).textContent).toBe('Callback reprocessed successfully!');
    expect(alert).not.toHaveBeenCalled();
    expect(api.post).toHaveBeenCalledWith('/api/admin/callbacks/c2/reprocess');
    fireEvent.click(rows[1]);
    await screen.findByTestId('callback-details');
    expect(api.get.mock.calls.map(([path]) => path)).toContain('/api/admin/callbacks/c2');
  });

  it('analytics shows the stats and at most 6 top offers', async () => {
    await open('/admin/dashboard', 'admin');
    expect((await screen.findByTestId('admin-stat-users')).textContent).toBe('42');
    expect(screen.getByTestId('admin-stat-revenue').textContent).toBe('US$10.00');
    expect(screen.getByTestId('admin-stat-member-earnings').textContent).toBe('£5.00');
    expect(screen.getAllByTestId('admin-top-offer')).toHaveLength(6);
  });
});
