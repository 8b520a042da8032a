import type { AdminPayout } from '@playquid/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProcessPayoutModal } from './ProcessPayoutModal';

const payout = {
  id: '0f3c9a2e-7b1d-4c55-9e2a-1234567890ab',
  user_id: 'uid-ana',
  amount: 3.25,
  amount_pence: 325,
  status: 'pending',
  payment_details: { delivery_method: 'email', email: 'ana@example.com' },
  user: { uid: 'uid-ana', email: 'ana@example.com', username: 'ana' },
} as AdminPayout;

afterEach(cleanup);

describe('Mark Reward Payout as Paid modal', () => {
  it('shows the amount, the user and the reward email, and no bank fields', () => {
    render(<ProcessPayoutModal payout={payout} busy={false} failure={null} onSubmit={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Mark Reward Payout as Paid' });
    expect(dialog.textContent).toContain('£3.25');
    expect(dialog.textContent).toContain('ana@example.com');
    expect(dialog.textContent).toContain('Reward email');
    expect(dialog.textContent).not.toMatch(/bank|sort code|account/i);
  });

  it('keeps Mark as Paid disabled until a non-blank reference is typed, then sends it trimmed', () => {
    const onSubmit = vi.fn();
    render(<ProcessPayoutModal payout={payout} busy={false} failure={null} onSubmit={onSubmit} onClose={vi.fn()} />);
    const reference = screen.getByLabelText('Reward Reference');
    const markPaid = screen.getByRole('button', { name: 'Mark as Paid' });
    expect(markPaid).toHaveProperty('disabled', true);

    fireEvent.change(reference, { target: { value: '   ' } });
    fireEvent.blur(reference);
    expect(markPaid).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Transaction ID is required');

    fireEvent.change(reference, { target: { value: '  BACS-991 ' } });
    fireEvent.change(screen.getByLabelText('Processing Notes'), { target: { value: '' } });
    expect(markPaid).toHaveProperty('disabled', false);
    fireEvent.click(markPaid);
    expect(onSubmit).toHaveBeenCalledWith({ transaction_id: 'BACS-991' });
  });

  it('shows the reversal warning and sends acknowledge_reversal only once the box is ticked', () => {
    const onSubmit = vi.fn();
    const flagged = {
      ...payout,
      needs_review: true,
      review_reason: 'A reversal of £5.00 landed after this payout was requested',
    } as AdminPayout;
    render(<ProcessPayoutModal payout={flagged} busy={false} failure={null} onSubmit={onSubmit} onClose={vi.fn()} />);
    expect(screen.getByTestId('admin-payout-review').textContent).toContain('A reversal of £5.00 landed after this payout was requested');
    fireEvent.change(screen.getByLabelText('Reward Reference'), { target: { value: 'BACS-1' } });
    const markPaid = screen.getByRole('button', { name: 'Mark as Paid' });
    expect(markPaid).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('I have reviewed the reversal and still want to mark this payout paid'));
    expect(markPaid).toHaveProperty('disabled', false);
    fireEvent.click(markPaid);
    expect(onSubmit).toHaveBeenCalledWith({ transaction_id: 'BACS-1', acknowledge_reversal: true });
  });

  it("shows the server's refusal and closes on Cancel", () => {
    const onClose = vi.fn();
    render(
      <ProcessPayoutModal
        payout={payout}
        busy={false}
        failure="Failed to process payout: Payout is completed"
        onSubmit={vi.fn()}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to process payout');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
