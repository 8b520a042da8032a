import type { PagedEnvelope, Payout, PayoutActionData } from '@playquid/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

type PayoutList = PagedEnvelope<Pick<Payout, 'id' | 'status'>>;

/** The list page with the payout's status replaced by what the command answered; untouched if absent. */
export function withPayoutStatus<T extends PayoutList>(page: T, action: Pick<PayoutActionData, 'payout_id' | 'status'>): T {
  if (!page.data.some((payout) => payout.id === action.payout_id && payout.status !== action.status)) return page;
  return { ...page, data: page.data.map((payout) => (payout.id === action.payout_id ? { ...payout, status: action.status } : payout)) };
}

/**
 * Whether the lists already show the command's outcome. The lists are read models fed by a worker,
 * so right after a command they may still show the old status (or, for a new request, no row).
 */
export function listsShowAction(
  pages: ReadonlyArray<PayoutList | undefined>,
  action: Pick<PayoutActionData, 'payout_id' | 'status'>,
  expectRow: boolean,
): boolean {
  const rows = pages.flatMap((page) => page?.data ?? []).filter((payout) => payout.id === action.payout_id);
  if (rows.length === 0) return !expectRow;
  return rows.every((payout) => payout.status === action.status);
}

export interface SettleOptions {
  /** A new request must appear in the first page; a status change needs no row (a filter may hide it). */
  expectRow?: boolean;
}

/**
 * Shows a payout command's outcome in the cached lists at once, then reads them again once: the API
 * client sends the command's log position with that read, so the server answers once the read
 * model has the command (read-your-writes; no polling). If the server's wait ran out first, the
 * patched status is kept (a later refetch or stream event brings the rest) and this says false.
 */
export async function settlePayoutLists(
  queryClient: QueryClient,
  listKey: QueryKey,
  action: Pick<PayoutActionData, 'payout_id' | 'status'>,
  { expectRow = false }: SettleOptions = {},
): Promise<boolean> {
  const patch = () => queryClient.setQueriesData<PayoutList>({ queryKey: listKey }, (page) => page && withPayoutStatus(page, action));
  patch();
  await queryClient.refetchQueries({ queryKey: listKey, type: 'all' }).catch(() => undefined);
  const pages = queryClient.getQueriesData<PayoutList>({ queryKey: listKey }).map(([, page]) => page);
  if (listsShowAction(pages, action, expectRow)) return true;
  patch();
  return false;
}
