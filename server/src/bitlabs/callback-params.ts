import { type OfferState, parsePounds, parseUsd } from '@playquid/contracts';

const STATES: readonly OfferState[] = ['NONE', 'COMPLETED', 'PENDING', 'RECONCILED'];
const MAX_ID = 65;

export interface ParsedCallback {
  transactionId: string;
  userId: string;
  userRewardRaw: string;
  rewardPence: number;
  rawPaymentRaw: string | null;
  rawUsd: number | null;
  offerId: string | null;
  offerName: string | null;
  taskId: string | null;
  taskName: string | null;
  state: OfferState;
  type: string | null;
  ref: string | null;
  fscore: string | null;
  debug: boolean;
}

export type ParseResult = { ok: true; callback: ParsedCallback } | { ok: false; reason: string };

const blankToNull = (value: string | null) => (value === null || value.trim() === '' ? null : value);

/** Reads our BitLabs callback parameters (integrations.md): uid, tx, val required; the rest optional. */
export function parseCallbackParams(params: URLSearchParams): ParseResult {
  const userId = blankToNull(params.get('uid'));
  const transactionId = blankToNull(params.get('tx'));
  const val = blankToNull(params.get('val'));
  if (!userId) return { ok: false, reason: 'Missing parameter: uid' };
  if (!transactionId) return { ok: false, reason: 'Missing parameter: tx' };
  if (val === null) return { ok: false, reason: 'Missing parameter: val' };
  if (userId.length > MAX_ID) return { ok: false, reason: 'Parameter uid is too long' };
  if (transactionId.length > 128) return { ok: false, reason: 'Parameter tx is too long' };
  const rewardPence = parsePounds(val);
  if (rewardPence === null) return { ok: false, reason: `Invalid parameter: val=${val}` };
  const raw = blankToNull(params.get('raw'));
  const rawUsd = raw === null ? null : parseUsd(raw);
  if (raw !== null && rawUsd === null) return { ok: false, reason: `Invalid parameter: raw=${raw}` };
  const stateParam = (blankToNull(params.get('state')) ?? 'NONE').toUpperCase();
  if (!STATES.includes(stateParam as OfferState)) return { ok: false, reason: `Invalid parameter: state=${stateParam}` };
  return {
    ok: true,
    callback: {
      transactionId,
      userId,
      userRewardRaw: val,
      rewardPence,
      rawPaymentRaw: raw,
      rawUsd,
      offerId: blankToNull(params.get('offer_id')),
      offerName: blankToNull(params.get('offer_name')),
      taskId: blankToNull(params.get('task_id')),
      taskName: blankToNull(params.get('task_name')),
      state: stateParam as OfferState,
      type: blankToNull(params.get('type')),
      ref: blankToNull(params.get('ref')),
      fscore: blankToNull(params.get('fscore')),
      debug: params.get('debug') === 'true',
    },
  };
}

/** Every parameter as sent except the signature, kept for the callbacks console. */
export function rawParameters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (key !== 'hash') out[key] = value;
  return out;
}
