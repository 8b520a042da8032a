import { signCallbackUrl } from '@playquid/server';
import { env } from '../env';

export interface CallbackOptions {
  uid: string;
  amount: string;
  tx?: string;
  state?: string;
  offerId?: string;
  offerName?: string;
  taskName?: string;
  raw?: string;
  ref?: string;
  /** The partner's fraud score (GOOD, MEDIUM, BAD). */
  fscore?: string;
  baseUrl?: string;
  secret?: string;
}

/** Builds the URL BitLabs would call, parameters in BitLabs' order, `&hash=` last. */
export function buildCallbackUrl(options: CallbackOptions): string {
  const params = new URLSearchParams();
  params.set('uid', options.uid);
  params.set('tx', options.tx ?? `o${Date.now()}${Math.floor(Math.random() * 1e6)}`);
  params.set('val', options.amount);
  params.set('raw', options.raw ?? (Number(options.amount) * 1.3).toFixed(4));
  if (options.offerId) params.set('offer_id', options.offerId);
  if (options.offerName) params.set('offer_name', options.offerName);
  if (options.taskName) params.set('task_name', options.taskName);
  params.set('state', options.state ?? 'COMPLETED');
  params.set('type', options.state === 'RECONCILED' ? 'RECONCILIATION' : 'COMPLETE');
  if (options.ref) params.set('ref', options.ref);
  if (options.fscore) params.set('fscore', options.fscore);
  const base = options.baseUrl ?? env.publicBaseUrl;
  return signCallbackUrl(`${base}/api/bitlabs/callback?${params.toString()}`, options.secret ?? env.bitlabsSecret);
}

/** Sends a correctly signed callback to the running API, as BitLabs would (a GET). */
export async function sendCallback(options: CallbackOptions): Promise<{ status: number; body: unknown; url: string }> {
  const signed = buildCallbackUrl({ ...options, baseUrl: options.baseUrl ?? env.publicBaseUrl });
  // The signature covers the public URL; the request goes to wherever the API listens.
  const target = signed.replace(env.publicBaseUrl, env.apiUrl);
  const response = await fetch(target);
  return { status: response.status, body: await response.json().catch(() => null), url: signed };
}
