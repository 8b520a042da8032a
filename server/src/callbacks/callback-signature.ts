import type { FastifyRequest } from 'fastify';
import { type SignatureCheck, verifySignedUrl } from './signature';

const checked = new WeakMap<object, SignatureCheck>();

/** Path and query exactly as received: the signature covers them byte for byte as BitLabs sent them. */
export const rawPathAndQuery = (request: FastifyRequest): string => request.raw.url ?? request.url;

/**
 * The signature check of a callback request over its public URL. Computed once per request, however
 * many steps ask: the unsigned-traffic throttler before the route, then the intake.
 */
export function callbackSignature(request: FastifyRequest, bitlabs: { publicBaseUrl: string; secret: string }): SignatureCheck {
  let check = checked.get(request.raw);
  if (!check) {
    check = verifySignedUrl(`${bitlabs.publicBaseUrl}${rawPathAndQuery(request)}`, bitlabs.secret);
    checked.set(request.raw, check);
  }
  return check;
}
