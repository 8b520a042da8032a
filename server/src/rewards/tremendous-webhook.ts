import {
  ORDER_PENDING_APPROVAL,
  REWARD_CANCELED,
  REWARD_DELIVERY_FAILED,
  REWARD_DELIVERY_SUCCEEDED,
  REWARD_FLAGGED,
  type RewardState,
  type TremendousWebhook,
} from '@playquid/contracts';

const STATE_OF_EVENT: Readonly<Record<string, RewardState>> = {
  [REWARD_DELIVERY_SUCCEEDED]: 'delivered',
  [REWARD_DELIVERY_FAILED]: 'failed',
  [REWARD_FLAGGED]: 'flagged',
  [REWARD_CANCELED]: 'cancelled',
  [ORDER_PENDING_APPROVAL]: 'pending_approval',
};

/** The reward state a webhook event reports, or null for events we do not act on. */
export function deliveryOutcome(event: string): RewardState | null {
  return Object.hasOwn(STATE_OF_EVENT, event) ? STATE_OF_EVENT[event] : null;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Parses a (signature-checked) body; returns an error message for anything not shaped like a webhook. */
export function parseWebhook(rawBody: Buffer): TremendousWebhook | { error: string } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { error: 'Webhook body is not JSON' };
  }
  const candidate = body as Partial<TremendousWebhook> | null;
  if (!candidate || !isString(candidate.event) || !isString(candidate.uuid)) return { error: 'Webhook needs event and uuid' };
  const resource = candidate.payload?.resource;
  if (!resource || !isString(resource.id)) return { error: 'Webhook needs payload.resource.id' };
  return {
    event: candidate.event,
    uuid: candidate.uuid,
    created_utc: isString(candidate.created_utc) ? candidate.created_utc : '',
    payload: { resource: { id: resource.id, type: isString(resource.type) ? resource.type : '' } },
  };
}
