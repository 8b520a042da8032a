import { type ExactAmount, formatPence, MAX_CALLBACK_CREDIT_PENCE, MAX_CALLBACK_RAW_USD, type OfferState, parseExactAmount } from '@playquid/contracts';

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

/** The partner's amount is quoted back only when it is short and plain, so a reason stays readable. */
function amountProblem(name: string, text: string, result: Extract<ExactAmount, { ok: false }>, limit: string, unit: string): string {
  switch (result.problem) {
    case 'not_a_number':
      return `Invalid parameter: ${name}=${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
    case 'too_precise':
      return `Invalid parameter: ${name}=${text} is more precise than whole ${unit}`;
    case 'too_large':
      return `${name} exceeds ${limit}`;
  }
}

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
  const reward = parseExactAmount(val, 2, MAX_CALLBACK_CREDIT_PENCE);
  if (!reward.ok) return { ok: false, reason: amountProblem('val', val, reward, `the maximum single credit of ${formatPence(MAX_CALLBACK_CREDIT_PENCE)}`, 'pence') };
  const rewardPence = reward.units;
  const raw = blankToNull(params.get('raw'));
  const rawAmount = raw === null ? null : parseExactAmount(raw, 4, MAX_CALLBACK_RAW_USD);
  if (raw !== null && rawAmount && !rawAmount.ok) return { ok: false, reason: amountProblem('raw', raw, rawAmount, 'the maximum partner payment of $2,000.00', 'ten-thousandths of a dollar') };
  const rawUsd = rawAmount?.ok ? rawAmount.units : null;
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

/**
 * A signed but unusable value: NUL bytes and text that is not UTF-8 (a percent-encoded lone
 * surrogate, stray bytes) have no place in any BitLabs parameter, and jsonb cannot store them.
 * Checked on the raw query because URLSearchParams silently turns bad bytes into U+FFFD.
 */
export function parameterTextProblem(rawQuery: string): string | null {
  for (const pair of rawQuery.split('&')) {
    const eq = pair.indexOf('=');
    const [rawKey, rawValue] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const key = strictDecode(rawKey);
    const value = strictDecode(rawValue);
    const name = key === null ? storableText(safeDecode(rawKey)) : storableText(key);
    if (key === null || value === null) return `Parameter ${name} is not valid UTF-8 text (malformed bytes or a lone surrogate)`;
    if (key.includes('\0') || value.includes('\0')) return `Parameter ${name} contains a NUL byte`;
  }
  return null;
}

function strictDecode(text: string): string | null {
  // Nothing to decode: the text stands for itself.
  if (!text.includes('%') && !text.includes('+')) return LONE_SURROGATE.test(text) ? null : text;
  try {
    // A '%' that starts no escape is literal text (URLSearchParams agrees), not a malformed byte.
    const decoded = decodeURIComponent(text.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25'));
    return LONE_SURROGATE.test(decoded) ? null : decoded;
  } catch {
    return null;
  }
}

const safeDecode = (text: string) => new URLSearchParams(`k=${text}`).get('k') ?? '';
const LONE_SURROGATE = /\p{Cs}/u;

/** Text Postgres jsonb can hold: NUL and lone surrogates become U+FFFD (only ever in a rejected callback). */
export const storableText = (text: string): string => text.replace(/[\0\p{Cs}]/gu, '\uFFFD');

/** The signed parameter naming the admin who sent a callback from the console (see callback-url.ts). */
export const TRIGGERED_BY_PARAM = 'pq_triggered_by';

/**
 * Every parameter as sent except the signature, kept for the callbacks console. Keys are the
 * sender's: a null-prototype object keeps `__proto__` or `constructor` as plain data.
 */
export function rawParameters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of params) if (key !== 'hash') out[storableText(key)] = storableText(value);
  return out;
}
