import { REWARD_DELIVERY_FAILED, REWARD_DELIVERY_SUCCEEDED, type TremendousWebhook } from '@playquid/contracts';

/** What a webhook event means for a payout, or null for events we do not act on. */
export function deliveryOutcome(event: string): 'sent' | 'failed' | null {
  if (event === REWARD_DELIVERY_SUCCEEDED) return 'sent';
  if (event === REWARD_DELIVERY_FAILED) return 'failed';
  return null;
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
