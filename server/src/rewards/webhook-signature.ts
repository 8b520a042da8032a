import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = { valid: true } | { valid: false; reason: string };

/**
 * Checks a delivery webhook's `sha256=<hex HMAC-SHA256 of the raw body>` (signed by Tremendous, or by
 * its stand-in) against the bytes as received: re-serialising parsed JSON would change whitespace or
 * key order and break the HMAC. The `sha256=` prefix is optional because the header format is
 * documented by integrators, not by Tremendous itself.
 */
export function verifyWebhookSignature(rawBody: Buffer | undefined, header: string | string[] | undefined, secret: string): SignatureCheck {
  if (header === undefined || header === '') return { valid: false, reason: 'Missing Tremendous webhook signature header' };
  if (Array.isArray(header)) return { valid: false, reason: 'More than one Tremendous webhook signature header' };
  if (!rawBody) return { valid: false, reason: 'Tremendous webhook without a body' };
  const hex = header
    .trim()
    .toLowerCase()
    .replace(/^sha256=/, '');
  if (!/^[0-9a-f]{64}$/.test(hex))
    return { valid: false, reason: 'Malformed Tremendous webhook signature (expected sha256=<64 hex digits>)' };
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  // Both are 32 bytes here, so timingSafeEqual never throws and the comparison time says nothing.
  if (!timingSafeEqual(Buffer.from(hex, 'hex'), expected)) return { valid: false, reason: 'Invalid Tremendous webhook signature' };
  return { valid: true };
}
