import { createHmac } from 'node:crypto';

/**
 * `sha256=<hex HMAC-SHA256 of the raw body>`: how Tremendous signs a delivery webhook (header
 * `Tremendous-Webhook-Signature`). The API's side, the check, is the server's verifyWebhookSignature.
 */
export function signWebhookBody(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
