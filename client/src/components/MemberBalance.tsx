import { formatPence, formatPenceCompact } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { balanceQuery } from '../lib/wallet/balance-query';

/** The signed-in member's balance in the navbar chip ('...' until it is in). */
export function NavBalanceText({ uid }: { uid: string }) {
  const { data, isPending } = useQuery(balanceQuery(uid));
  if (isPending || !data) return '...';
  // The whole balance; what of it can be cashed out now is the server's withdrawable figure, said on hover.
  return (
    <span title={`Balance ${formatPence(data.total_pence)} · available for payout ${formatPence(data.withdrawable_pence)}`}>
      {formatPenceCompact(data.total_pence)}
    </span>
  );
}

/** The signed-in member's balance on the landing page ('...' until it is in). */
export function LandingBalanceText({ uid }: { uid: string }) {
  const { data: balance } = useQuery(balanceQuery(uid));
  return balance ? formatPence(balance.total_pence) : '...';
}
