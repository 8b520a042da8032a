import { signWebhookBody } from '@playquid/standins';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './webhook-signature';

const SECRET = 'whsec-test';
const BODY = Buffer.from(
  '{"event":"REWARDS.DELIVERY.SUCCEEDED","uuid":"u-1","created_utc":"2025-01-01T00:00:00Z","payload":{"resource":{"id":"R1","type":"rewards"}}}',
);

describe('Tremendous webhook signature', () => {
  it('is sha256=<hex HMAC-SHA256 of the raw body>', () => {
    expect(signWebhookBody(BODY, SECRET)).toBe(`sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`);
  });

  it('accepts a good signature, with or without the sha256= prefix and in any hex case', () => {
    const signature = signWebhookBody(BODY, SECRET);
    expect(verifyWebhookSignature(BODY, signature, SECRET)).toEqual({ valid: true });
    expect(verifyWebhookSignature(BODY, signature.slice('sha256='.length), SECRET)).toEqual({ valid: true });
    expect(verifyWebhookSignature(BODY, signature.toUpperCase().replace('SHA256=', 'sha256='), SECRET)).toEqual({ valid: true });
  });

  it('refuses a signature made with another secret or over other bytes', () => {
    expect(verifyWebhookSignature(BODY, signWebhookBody(BODY, 'other'), SECRET)).toEqual({
      valid: false,
      reason: 'Invalid Tremendous webhook signature',
    });
    // Same JSON, different whitespace: the HMAC covers bytes, not meaning.
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(BODY.toString()), null, 1));
    expect(verifyWebhookSignature(reformatted, signWebhookBody(BODY, SECRET), SECRET).valid).toBe(false);
  });

  it('refuses a missing, repeated or malformed header and a missing body', () => {
    expect(verifyWebhookSignature(BODY, undefined, SECRET)).toEqual({
      valid: false,
      reason: 'Missing Tremendous webhook signature header',
    });
    expect(verifyWebhookSignature(BODY, '', SECRET).valid).toBe(false);
    const signature = signWebhookBody(BODY, SECRET);
    expect(verifyWebhookSignature(BODY, [signature, signature], SECRET).valid).toBe(false);
    expect(verifyWebhookSignature(BODY, 'sha256=abc', SECRET)).toMatchObject({
      valid: false,
      reason: expect.stringContaining('Malformed'),
    });
    expect(verifyWebhookSignature(BODY, `sha1=${'a'.repeat(64)}`, SECRET).valid).toBe(false);
    expect(verifyWebhookSignature(undefined, signature, SECRET).valid).toBe(false);
  });
});
