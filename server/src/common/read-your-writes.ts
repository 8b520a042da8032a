import { formatPosition, LOG_POSITION_HEADER, MIN_LOG_POSITION_HEADER, parsePosition } from '@playquid/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppendedByRequest, runNotingAppends } from '../event-store/reporting-event-store';
import type { LogPositionWaiter } from '../infra/log-position-waiter';

const APPENDED = Symbol('appended');
type WithAppended = FastifyRequest & { [APPENDED]?: AppendedByRequest };

/**
 * Read-your-writes on every route. A request's handler runs in a scope that notes the positions its
 * appends took; the answer carries the last one in `X-Log-Position`. A GET sent with
 * `X-Min-Log-Position` is held (up to LOG_POSITION_WAIT_MS) until every projection has applied the
 * log up to there, so a client that passes the position of its own write reads it back.
 */
export function registerReadYourWrites(fastify: FastifyInstance, waiter: LogPositionWaiter): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const given = request.headers[MIN_LOG_POSITION_HEADER];
    if (given === undefined) return;
    let position;
    try {
      position = parsePosition(String(given).trim());
    } catch {
      const message = `${MIN_LOG_POSITION_HEADER} must be a log position such as 1234/0 (as a command's ${LOG_POSITION_HEADER} gives it)`;
      await reply.code(400).send({ success: false, message, detail: message, data: null });
      return reply;
    }
    await waiter.waitFor(position);
  });
  // After the body is parsed: a body's stream events would not carry the scope along.
  fastify.addHook('preHandler', (request, _reply, done) => {
    const scope: AppendedByRequest = {};
    (request as WithAppended)[APPENDED] = scope;
    runNotingAppends(scope, done);
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const last = (request as WithAppended)[APPENDED]?.last;
    if (last) reply.header(LOG_POSITION_HEADER, formatPosition(last));
    done(null, payload);
  });
}
