import type {
  AdminPayoutApproveBody,
  AdminPayoutCancelBody,
  AdminPayoutResendBody,
  AdminPayoutReturnBody,
  AdminPayoutProcessBody,
  AdminPayoutRejectBody,
  ApiEnvelope,
  PayoutActionData,
  PayoutCancelBody,
  PayoutRequestBody,
  UserEnvelopeData,
} from '@playquid/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { type SettleOptions, settlePayoutLists } from './payout-cache';
import { memberMoneyKeys } from './wallet/queries';

// Its own module: the blog page (public) needs it without the member's money commands.
export { serverMessage } from './server-message';

const PAYOUT_REQUEST: PayoutRequestBody = { method: 'tremendous_reward', payment_details: { delivery_method: 'email' } };

/** Requests the whole available balance as a reward email; `message` is PAYOUT_REQUESTED_MESSAGE. */
export const requestPayout = (): Promise<ApiEnvelope<PayoutActionData>> => api.post<PayoutActionData>('/api/users/payout', PAYOUT_REQUEST);

export const cancelOwnPayout = (payoutId: string, body: PayoutCancelBody = {}): Promise<ApiEnvelope<PayoutActionData>> =>
  api.post<PayoutActionData>(`/api/users/payout/${encodeURIComponent(payoutId)}/cancel`, body);

export const updateUsername = async (username: string) => (await api.put<UserEnvelopeData>('/api/users/profile', { username })).data.user;

export const syncVerification = async () => (await api.post<UserEnvelopeData>('/api/auth/sync-verification')).data.user;

export type AdminPayoutCommand =
  | { action: 'approve'; body: AdminPayoutApproveBody }
  | { action: 'reject'; body: AdminPayoutRejectBody }
  | { action: 'process'; body: AdminPayoutProcessBody }
  | { action: 'cancel'; body: AdminPayoutCancelBody }
  | { action: 'resend'; body: AdminPayoutResendBody }
  | { action: 'return'; body: AdminPayoutReturnBody };

/** The admin payout calls; the envelope's message is the success text to show. */
export const adminPayoutCommand = (payoutId: string, { action, body }: AdminPayoutCommand): Promise<ApiEnvelope<PayoutActionData>> =>
  api.post<PayoutActionData>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/${action}`, body);

/**
 * After a member's payout command: the payout lists show the outcome at once, and the lists and the
 * money figures are read again, each read carrying the command's log position, so the server
 * answers once its read model has the command (read-your-writes; no polling).
 */
export async function afterMemberPayoutCommand(
  queryClient: QueryClient,
  uid: string,
  action: Pick<PayoutActionData, 'payout_id' | 'status'>,
  options: SettleOptions = {},
): Promise<void> {
  const refresh = () => Promise.all(memberMoneyKeys(uid).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  // The patch inside settlePayoutLists happens on this call, before anything is awaited.
  const settled = settlePayoutLists(queryClient, ['payouts', uid], action, options);
  await Promise.all([refresh(), settled]);
}
