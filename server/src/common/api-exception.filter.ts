import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Inject, Logger, NotFoundException } from '@nestjs/common';
import type { ApiErrorBody } from '@playquid/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Every error leaves the API in the envelope shape, with `detail` for the client's messages. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);
  private readonly servesClient: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.servesClient = existsSync(join(config.clientDist, 'index.html'));
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    // A browser opening a client route (/dashboard, /offers/42) gets the single-page app.
    if (exception instanceof NotFoundException && this.servesClient && request.method === 'GET' && !request.url.startsWith('/api')) {
      void reply.type('text/html').sendFile('index.html');
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
    } else {
      this.logger.error(exception);
    }
    const body: ApiErrorBody = { success: false, message, detail: message, data: null, ...(errors ? { errors } : {}) };
    void reply.status(status).send(body);
  }
}
