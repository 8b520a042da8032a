import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * BitLabs signs the whole callback URL exactly as sent (scheme, host, path, query) with the
 * `&hash=…` part cut off, HMAC-SHA1 keyed with the app secret, lowercase hex. Nothing here
 * decodes or re-encodes the URL: one changed byte must change the signature.
 */
export function signUrl(url: string, secret: string): string {
  return createHmac('sha1', secret).update(url, 'utf8').digest('hex');
}

/** Appends the hash parameter as BitLabs does. */
export function signCallbackUrl(url: string, secret: string): string {
  return `${url}&hash=${signUrl(url, secret)}`;
}

export interface SplitUrl {
  signed: string;
  hash: string | null;
}

/** Cuts the trailing `hash` parameter off a raw URL (it is always the last parameter). */
export function splitSignedUrl(url: string): SplitUrl {
  const match = /[?&]hash=([^&]*)$/.exec(url);
  if (!match) return { signed: url, hash: null };
  return { signed: url.slice(0, match.index), hash: match[1] };
}

export interface SignatureCheck {
  valid: boolean;
  /** The `hash` parameter as sent, or null when there was none. */
  hash: string | null;
}

export function verifySignedUrl(url: string, secret: string): SignatureCheck {
  const { signed, hash } = splitSignedUrl(url);
  if (!hash || !/^[0-9a-f]{40}$/i.test(hash)) return { valid: false, hash };
  const expected = createHmac('sha1', secret).update(signed, 'utf8').digest();
  return { valid: timingSafeEqual(expected, Buffer.from(hash, 'hex')), hash };
}
