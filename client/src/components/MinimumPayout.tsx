import { DEFAULT_MIN_PAYOUT_PENCE, formatPence } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { siteStatsQuery } from '../lib/offers/queries';

/**
 * The minimum payout the server is configured with (MIN_PAYOUT_PENCE, from the public site stats),
 * as the FAQ and terms print it; the default until the stats arrive or when they cannot be loaded.
 */
export function MinimumPayout() {
  const { data } = useQuery({ ...siteStatsQuery(), select: (stats) => stats.min_payout_pence });
  return <>{formatPence(data ?? DEFAULT_MIN_PAYOUT_PENCE)}</>;
}
