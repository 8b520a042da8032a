import type { AdminPayout } from '@playquid/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPayoutsTable } from './AdminPayoutsTable';

const base = {
  id: '0f3c9a2e-7b1d-4c55-9e2a-1234567890ab',
  user_id: 'uid-ana',
  amount: 3.25,
  amount_pence: 325,
  status: 'approved',
  transaction_id: null,
  requested_at: '2026-11-22T10:00:00.000Z',
  processed_at: null,
  notes: null,
  reason: null,
  payment_details: { delivery_method: 'email', email: 'ana@example.com', account_name: null, account_number: null, sort_code: null },
  reward: { status: 'not_ordered', order_id: null, detail: null, state_at: null },
  earning_count: 2,
  user: { uid: 'uid-ana', email: 'ana@example.com', username: 'ana' },
  reward_order_placed: false,
  needs_review: false,
  review_reversed_pence: 0,
  review_reason: null,
  can_cancel: true,
  can_reject: true,
  can_resend: false,
  can_return: false,
} as AdminPayout;

afterEach(cleanup);

const buttonsOf = (payout: AdminPayout) => {
  render(<AdminPayoutsTable payouts={[payout]} busyId={null} onAction={vi.fn()} />);
  return within(screen.getByTestId('admin-payout-row'))
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim())
    .filter((name) => name !== '');
};

describe('admin payouts table', () => {
  it('offers Cancel and Reject on an approved payout whose reward order is not placed yet', () =>
    expect(buttonsOf(base)).toEqual(['Process', 'Reject', 'Cancel']));

  it('hides Cancel and Reject once the reward order is placed', () =>
    expect(buttonsOf({ ...base, reward_order_placed: true, reward: { status: 'ordered', order_id: 'o', detail: null, state_at: null } })).toEqual([
      'Process',
    ]));

  it('warns about a reversal that needs review', () => {
    render(
      <AdminPayoutsTable
        payouts={[
          {
            ...base,
            needs_review: true,
            review_reversed_pence: 500,
            review_reason: 'A reversal of £5.00 landed after this payout was requested',
          },
        ]}
        busyId={null}
        onAction={vi.fn()}
      />,
    );
    expect(screen.getByTestId('admin-payout-review').textContent).toBe(
      'A reversal of £5.00 landed after this payout was requested: review it before approving or paying.',
    );
  });
});
