import type { ApiErrorBody } from '@playquid/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DISALLOWED_CHARACTERS_MESSAGE = 'The request contains characters that are not allowed (NUL or unpaired surrogate)';
export const MALFORMED_URL_MESSAGE = 'The request URL is not valid percent-encoded UTF-8';
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/**
 * The signed BitLabs callback is never refused here: its intake stores even a hostile one as a
 * rejected callback, so the partner's request is not lost.
 */
const EXEMPT_PATHS = new Set(['/api/bitlabs/callback']);

/** NUL (Postgres text cannot hold it) or a UTF-16 half without its partner (not encodable as UTF-8). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const DISALLOWED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Problem = typeof DISALLOWED_CHARACTERS_MESSAGE | typeof MALFORMED_URL_MESSAGE | typeof TOO_DEEP_MESSAGE;

/** Checks the raw URL before any handler: path parameters and query values are decoded from it. */
export function urlProblem(url: string): Problem | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // Includes a percent-encoded unpaired surrogate (%ED%A0%80), which is not valid UTF-8.
    return MALFORMED_URL_MESSAGE;
  }
  return DISALLOWED.test(decoded) ? DISALLOWED_CHARACTERS_MESSAGE : null;
}

/** Walks parsed input (body, query, params), keys included, stopping at the depth bound. */
export function valueProblem(value: unknown, depth = 0): Problem | null {
  if (typeof value === 'string') return DISALLOWED.test(value) ? DISALLOWED_CHARACTERS_MESSAGE : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
  for (const [key, child] of Object.entries(value)) {
    if (DISALLOWED.test(key)) return DISALLOWED_CHARACTERS_MESSAGE;
    const problem = valueProblem(child, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Fastify's router refuses a path it cannot decode (FST_ERR_BAD_URL) before any hook runs: give it
 * the same envelope and message as the hooks (pass as the `frameworkErrors` option).
 */
export function frameworkErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    refuse(reply, MALFORMED_URL_MESSAGE);
    return;
  }
  const status = (error as { statusCode?: number }).statusCode ?? 400;
  const body: ApiErrorBody = { success: false, message: error.message, detail: error.message, data: null };
  void reply.code(status).send(body);
}

function refuse(reply: FastifyReply, message: string): FastifyReply {
  const body: ApiErrorBody = { success: false, message, detail: message, data: null };
  return reply.code(400).send(body);
}

const exempt = (request: FastifyRequest) => EXEMPT_PATHS.has(request.url.split('?', 1)[0]);

/**
 * Hostile input (NUL bytes, unpaired surrogates, absurdly nested JSON) is refused with a 400
 * before any controller runs, so it can neither reach the database as a 500 nor be written.
 */
export function rejectHostileInput(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    const problem = urlProblem(request.url);
    if (problem) return refuse(reply, problem);
  });
  fastify.addHook('preValidation', async (request, reply) => {
    if (exempt(request)) return;
    const problem = valueProblem(request.body) ?? valueProblem(request.query) ?? valueProblem(request.params);
    if (problem) return refuse(reply, problem);
  });
}
