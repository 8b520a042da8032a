import type { OfferState } from '@playquid/contracts';
import { TRIGGERED_BY_PARAM } from './callback-params';
import { signCallbackUrl } from './signature';

/** Path BitLabs is configured to call (the public base URL is put in front of it). */
export const CALLBACK_PATH = '/api/bitlabs/callback';

export interface CallbackUrlParams {
  uid: string;
  tx: string;
  /** User reward exactly as it should appear in the URL (e.g. "1.25", "-1.25"). */
  val: string;
  raw?: string;
  offerId?: string;
  offerName?: string;
  taskName?: string;
  state: OfferState;
  /** BitLabs' callback type; a reconciliation when the state says so. */
  type?: string;
  ref?: string;
  /** The BitLabs dashboard's callback tester marks its calls with debug=true. */
  debug?: boolean;
  /**
   * The admin sending it from our console. A parameter of ours, covered by the signature like the
   * rest, so the intake can trust it (only holders of the app secret can set it).
   */
  triggeredBy?: string;
}

/**
 * The URL BitLabs would call, parameters in BitLabs' order and `&hash=` last, signed over the
 * public URL (scheme and host as the partner sees us), exactly as the intake verifies it.
 */
export function buildSignedCallbackUrl(publicBaseUrl: string, secret: string, p: CallbackUrlParams): string {
  const params = new URLSearchParams();
  params.set('uid', p.uid);
  params.set('tx', p.tx);
  params.set('val', p.val);
  if (p.raw !== undefined) params.set('raw', p.raw);
  if (p.offerId) params.set('offer_id', p.offerId);
  if (p.offerName) params.set('offer_name', p.offerName);
  if (p.taskName) params.set('task_name', p.taskName);
  params.set('state', p.state);
  params.set('type', p.type ?? (p.state === 'RECONCILED' ? 'RECONCILIATION' : 'COMPLETE'));
  if (p.ref) params.set('ref', p.ref);
  if (p.debug) params.set('debug', 'true');
  if (p.triggeredBy) params.set(TRIGGERED_BY_PARAM, p.triggeredBy);
  return signCallbackUrl(`${publicBaseUrl.replace(/\/+$/, '')}${CALLBACK_PATH}?${params.toString()}`, secret);
}
