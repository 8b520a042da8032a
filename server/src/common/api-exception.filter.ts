import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Inject, Logger, NotFoundException, Optional } from '@nestjs/common';
import type { ApiErrorBody } from '@playquid/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '@playquid/domain';
import { WrongExpectedRevisionError } from '../event-store/event-store';
import { hasConsentHint, hasMemberHint } from '../seo/head-html';
import { SeoService } from '../seo/seo.service';

const DOMAIN_STATUS: Record<DomainError['code'], HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  forbidden: HttpStatus.FORBIDDEN,
};
/** The throttler's own text tells a member nothing; replaced unless a route chose its own. */
const DEFAULT_THROTTLER_MESSAGE = 'ThrottlerException: Too Many Requests';
const tooManyRequestsMessage = (retryAfterSeconds: number | null) =>
  `Too many requests. Please wait ${retryAfterSeconds ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : 'a minute'} and try again.`;
/**
 * Postgres "data exception" codes caused by the value a client sent (NUL or unencodable text, bad
 * number or text representation, out of range, too long): the request was bad, not the server.
 */
const BAD_VALUE_SQLSTATES = new Set(['22P05', '22021', '22P02', '22003', '22001']);
const BAD_VALUE_MESSAGE = 'The request contains a value that cannot be stored (invalid characters or out of range)';
/** Retries of a command ran out against concurrent writers to the same stream: safe to repeat. */
const CONCURRENT_CHANGE_MESSAGE = 'Another change to the same account happened at the same time. Please try again.';

/** Every error leaves the API in the envelope shape, with `detail` for the client's messages. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);
  private readonly servesClient: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly seo?: SeoService,
  ) {
    this.servesClient = existsSync(join(config.clientDist, 'index.html'));
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    // A browser opening a client route (/dashboard, /offers/42) gets the single-page app.
    if (exception instanceof NotFoundException && this.servesClient && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api')) {
      void this.clientPage(request, reply);
      return;
    }
    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Internal server error';
    let errors: string[] | undefined;
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') message = response;
      else if (response && typeof response === 'object') {
        const body = response as { message?: string | string[] };
        if (Array.isArray(body.message)) {
          errors = body.message;
          message = body.message.join('; ');
        } else if (body.message) message = body.message;
      }
      if (status === HttpStatus.TOO_MANY_REQUESTS && message === DEFAULT_THROTTLER_MESSAGE) {
        const retryAfter = Number(reply.getHeader('retry-after'));
        message = tooManyRequestsMessage(Number.isSafeInteger(retryAfter) && retryAfter > 0 ? retryAfter : null);
      }
    } else if (exception instanceof DomainError) {
      // A business rule refused the command; nothing was written.
      status = DOMAIN_STATUS[exception.code];
      message = exception.message;
    } else if (exception instanceof WrongExpectedRevisionError) {
      status = HttpStatus.CONFLICT;
      message = CONCURRENT_CHANGE_MESSAGE;
    } else if (BAD_VALUE_SQLSTATES.has((exception as { code?: string } | null)?.code ?? '')) {
      // The hostile-input hooks should have refused it first: logged so the gap can be closed.
      this.logger.warn({ err: exception, url: request.url }, 'database refused a value from the request');
      status = HttpStatus.BAD_REQUEST;
      message = BAD_VALUE_MESSAGE;
    } else if (isClientError(exception)) {
      // Fastify's own request errors (unparseable body, unsupported media type) keep their 4xx.
      status = exception.statusCode;
      message = exception.message;
    } else {
      this.logger.error(exception);
    }
    const body: ApiErrorBody = { success: false, message, detail: message, data: null, ...(errors ? { errors } : {}) };
    void reply.status(status).send(body);
  }

  /** The app shell with the page's own head (404 for unknown paths); the bare shell if that fails. */
  private async clientPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.seo) {
      try {
        const { cookie } = request.headers;
        const page = await this.seo.page(new URL(request.url, 'http://localhost').pathname, { member: hasMemberHint(cookie), consented: hasConsentHint(cookie) });
        // The hint cookies choose the page's shell: a shared cache keeps one copy per cookie header.
        void reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie').send(page.html);
        return;
      } catch (error) {
        this.logger.error(error, 'page head rendering failed');
      }
    }
    void reply.type('text/html').sendFile('index.html');
  }
}

function isClientError(exception: unknown): exception is Error & { statusCode: number } {
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  return exception instanceof Error && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}
