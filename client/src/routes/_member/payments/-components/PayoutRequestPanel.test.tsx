import { PAYOUT_REQUESTED_MESSAGE, type Payout } from '@playquid/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { payoutEligibility } from '@playquid/domain';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../../lib/api', () => ({ api }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const { PayoutRequestPanel } = await import('./PayoutRequestPanel');
const { PayoutHistory } = await import('./PayoutHistory');

const emptyPage = { success: true, message: 'ok', data: [], page: 1, per_page: 50, total: 0, total_pages: 1 };

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function panel(availablePence: number, onRequested = vi.fn(), minPence = 79, lockedBonusPence = 0) {
  render(
    <PayoutRequestPanel
      uid="u1"
      email="ana@example.com"
      availablePence={availablePence}
      lockedBonusPence={lockedBonusPence}
      minPence={minPence}
      eligibility={payoutEligibility({ availablePence, minPence, lockedBonusPence })}
      onRequested={onRequested}
    />,
    { wrapper: wrapper() },
  );
  return screen.getByRole('button', { name: 'Send Reward Email' });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.get.mockResolvedValue(emptyPage);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Request Full Balance Payout', () => {
  it('is disabled below the minimum and says how much more is needed', () => {
    const button = panel(50);
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('payout-minimum').textContent).toBe('Minimum payout amount is £0.79 (£0.29 more needed)');
  });

  it('shows the locked welcome bonus, leaves it out of the amount and refuses a bonus-only request', () => {
    const button = panel(200, vi.fn(), 79, 200);
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('payout-amount').textContent).toBe('£0.00');
    expect(screen.getByTestId('payout-locked-bonus').textContent).toBe('Welcome bonus £2.00 — locked until your first offer is approved');
    expect(screen.getByTestId('payout-minimum').textContent).toContain('Your welcome bonus counts once your first offer is approved');
  });

  it('sends the request, shows the success message, then opens the history after 2 s', async () => {
    api.post.mockResolvedValue({
      success: true,
      message: PAYOUT_REQUESTED_MESSAGE,
      data: { payout_id: 'p1', status: 'pending', amount: 3.25, amount_pence: 325 },
    });
    const onRequested = vi.fn();
    const button = panel(325, onRequested);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('payout-message').textContent).toBe(PAYOUT_REQUESTED_MESSAGE));
    expect(api.post).toHaveBeenCalledWith('/api/users/payout', {
      method: 'tremendous_reward',
      payment_details: { delivery_method: 'email' },
    });
    expect(onRequested).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(onRequested).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal", async () => {
    api.post.mockRejectedValue(new ApiError('A payout request is already in progress.', 409, 'A payout request is already in progress.'));
    fireEvent.click(panel(325));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A payout request is already in progress.'));
  });
});

const payout = (overrides: Partial<Payout>): Payout => ({
  id: 'p1',
  user_id: 'u1',
  amount: 3.25,
  amount_pence: 325,
  status: 'pending',
  method: 'tremendous_reward',
  transaction_id: null,
  requested_at: '2026-05-10T09:00:00Z',
  processed_at: null,
  notes: null,
  reason: null,
  payment_details: { delivery_method: 'email', email: 'ana@example.com', account_name: null, account_number: null, sort_code: null },
  reward: { status: 'not_ordered', order_id: null, detail: null, state_at: null },
  earning_count: 2,
  ...overrides,
});

describe('Payout History', () => {
  it('shows each payout with its status text, short transaction id, and Cancel only on pending ones', async () => {
    api.get.mockResolvedValue({
      ...emptyPage,
      data: [
        payout({}),
        payout({ id: 'p2', status: 'completed', transaction_id: 'BACS-12345678-XYZ', processed_at: '2026-05-11T09:00:00Z' }),
      ],
      total: 2,
    });
    render(<PayoutHistory uid="u1" onFirstPayout={vi.fn()} />, { wrapper: wrapper() });
    const rows = await screen.findAllByTestId('payout-row');
    expect(rows.map((row) => row.querySelector('[data-testid="payout-status"]')!.textContent)).toEqual(['Pending', 'Completed']);
    expect(rows[1].textContent).toContain('BACS-123');
    expect(rows[1].textContent).not.toContain('BACS-12345678');
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);
  });

  it('cancels a pending payout after confirmation', async () => {
    api.get.mockResolvedValue({ ...emptyPage, data: [payout({})], total: 1 });
    api.post.mockResolvedValue({
      success: true,
      message: 'Payout cancelled',
      data: { payout_id: 'p1', status: 'cancelled', amount: 3.25, amount_pence: 325 },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<PayoutHistory uid="u1" onFirstPayout={vi.fn()} />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/users/payout/p1/cancel', {}));
    await waitFor(() => expect(screen.getByTestId('payout-status').textContent).toBe('Cancelled'));
  });

  it("offers 'Make Your First Payout' when there is none", async () => {
    const onFirstPayout = vi.fn();
    render(<PayoutHistory uid="u1" onFirstPayout={onFirstPayout} />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Your First Payout' }));
    expect(screen.getByText('No payout history')).toBeTruthy();
    expect(onFirstPayout).toHaveBeenCalled();
  });
});
