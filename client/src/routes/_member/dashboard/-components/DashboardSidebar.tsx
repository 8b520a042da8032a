import { type Balance, DASHBOARD_PAYOUT_READY_PENCE, formatPence, type Pence } from '@playquid/contracts';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight, Banknote, Gamepad2, type LucideIcon, PoundSterling, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../../ui/Card';

function QuickAction({
  to,
  icon: Icon,
  label,
  hint,
  disabled,
  highlight,
  testId,
}: {
  to: NonNullable<LinkProps['to']>;
  icon: LucideIcon;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  highlight?: boolean;
  testId: string;
}) {
  const body = (
    <>
      <span
        className={`grid h-10 w-10 shrink-0 place-items-center rounded-xl ${highlight ? 'bg-quid-300 text-ink-950' : 'bg-white/5 text-quid-300'}`}
        aria-hidden
      >
        <Icon size={19} />
      </span>
      <span className="flex-1">
        <span className="block font-semibold text-white">{label}</span>
        {hint && <span className="block text-xs text-slate-400">{hint}</span>}
      </span>
      {!disabled && (
        <ArrowRight size={17} className="text-slate-500 transition group-hover:translate-x-0.5 group-hover:text-white" aria-hidden />
      )}
    </>
  );
  const base = 'group flex items-center gap-3 rounded-2xl border px-3.5 py-3 text-sm transition';
  if (disabled) {
    return (
      <span className={`${base} cursor-not-allowed border-white/5 opacity-50`} role="link" aria-disabled="true" data-testid={testId}>
        {body}
      </span>
    );
  }
  return (
    <Link
      to={to}
      className={`${base} ${highlight ? 'border-quid-300/50 bg-quid-300/10' : 'border-white/10 bg-white/[0.03] hover:border-white/25 hover:bg-white/[0.06]'}`}
      data-testid={testId}
    >
      {body}
    </Link>
  );
}

function Row({ label, value, tone = 'text-white', testId }: { label: string; value: Pence; tone?: string; testId: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-400">{label}</dt>
      <dd className={`font-semibold tabular-nums ${tone}`} data-testid={testId}>
        {formatPence(value)}
      </dd>
    </div>
  );
}

/**
 * Balance Details and Quick Actions. Whether a payout may be requested and how much is withdrawable
 * are the server's answer (`can_request_payout`, `withdrawable_pence`); `reservedPence` is money
 * held by a payout in progress.
 */
export function DashboardSidebar({ balance, reservedPence }: { balance: Balance; reservedPence?: Pence }) {
  const payout = {
    enabled: balance.can_request_payout,
    ready: balance.can_request_payout && balance.withdrawable_pence >= DASHBOARD_PAYOUT_READY_PENCE,
  };
  return (
    <aside className="flex flex-col gap-6">
      <Card className="p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-display text-lg font-bold text-white">Balance Details</h2>
          {payout.ready && (
            <span className="rounded-full bg-quid-300/15 px-3 py-1 text-xs font-bold text-quid-200" data-testid="dashboard-payout-ready">
              Payout Ready
            </span>
          )}
        </div>
        <dl className="mt-5 space-y-3 text-sm">
          <Row label="Available for payout" value={balance.withdrawable_pence} testId="dashboard-balance-available" />
          {balance.locked_bonus_pence > 0 ? (
            <Row label="Locked bonus" value={balance.locked_bonus_pence} tone="text-slate-400" testId="dashboard-balance-locked" />
          ) : null}
          <Row label="Pending" value={balance.pending_pence} tone="text-amber-300" testId="dashboard-balance-pending" />
          {reservedPence ? <Row label="In payouts" value={reservedPence} tone="text-sky-300" testId="dashboard-balance-reserved" /> : null}
          <div className="flex justify-between border-t border-white/10 pt-3">
            <dt className="font-medium text-slate-200">Total</dt>
            <dd className="font-display text-lg font-bold tabular-nums text-white" data-testid="dashboard-balance-total">
              {formatPence(balance.total_pence)}
            </dd>
          </div>
        </dl>
      </Card>

      <Card className="p-6">
        <h2 className="font-display text-lg font-bold text-white">Quick Actions</h2>
        <div className="mt-4 flex flex-col gap-2.5">
          <QuickAction to="/offers" icon={Gamepad2} label="Browse Gaming Offers" testId="quick-offers" />
          <QuickAction
            to="/earnings"
            icon={PoundSterling}
            label="Earnings"
            disabled={balance.available_pence === 0}
            testId="quick-earnings"
          />
          <QuickAction
            to="/payments"
            icon={Banknote}
            label="Request Payout"
            hint={
              payout.enabled
                ? payout.ready
                  ? 'Your balance is ready to cash out'
                  : undefined
                : balance.payout_block === 'partner-hold'
                  ? 'Payouts paused by our offer partner: see Payments'
                  : balance.payout_block === 'in-progress'
                  ? 'A payout is already in progress'
                  : balance.locked_bonus_pence > 0
                    ? 'Your bonus unlocks with your first approved offer'
                    : `Minimum ${formatPence(balance.min_payout_pence)} required`
            }
            disabled={!payout.enabled}
            highlight={payout.ready}
            testId="quick-payout"
          />
          <QuickAction to="/referrals" icon={UserPlus} label="Refer Friends" testId="quick-referrals" />
        </div>
      </Card>
    </aside>
  );
}
