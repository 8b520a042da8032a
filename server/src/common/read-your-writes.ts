import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { formatPosition, type GlobalPosition, LOG_POSITION_HEADER, MIN_LOG_POSITION_HEADER, parsePosition } from '@playquid/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defer, type Observable, switchMap } from 'rxjs';
import type { AuthUser } from '../auth/auth.types';
import { type AppendedByRequest, runNotingAppends } from '../event-store/reporting-event-store';
import type { LogPositionWaiter } from '../infra/log-position-waiter';

const APPENDED = Symbol('appended');
const MIN_POSITION = Symbol('minPosition');
type WithAppended = FastifyRequest & { [APPENDED]?: AppendedByRequest; [MIN_POSITION]?: GlobalPosition; user?: AuthUser };

/**
 * Read-your-writes on every route. A request's handler runs in a scope that notes the positions its
 * appends took; the answer carries the last one in `X-Log-Position`. A GET sent with
 * `X-Min-Log-Position` is held (up to LOG_POSITION_WAIT_MS) until every projection has applied the
 * log up to there, so a client that passes the position of its own write reads it back. The value
 * is checked here (a malformed one is a 400); the wait is ReadYourWritesInterceptor's, once the
 * route's guard has verified the caller.
 */
export function registerReadYourWrites(fastify: FastifyInstance): void {
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
    (request as WithAppended)[MIN_POSITION] = position;
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

/**
 * Holds a read that asked for `X-Min-Log-Position` until the projections have passed it, for
 * authenticated callers only: it runs after the guards, and only a request whose token a guard
 * verified (a member or an admin, the only callers with writes of their own to read back) waits.
 * A visitor's header is ignored, so nobody can make the server hold requests without signing in.
 */
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(private readonly waiter: Pick<LogPositionWaiter, 'waitFor'>) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<WithAppended>();
    const position = request[MIN_POSITION];
    if (!position || !request.user) return next.handle();
    return defer(() => this.waiter.waitFor(position)).pipe(switchMap(() => next.handle()));
  }
}
