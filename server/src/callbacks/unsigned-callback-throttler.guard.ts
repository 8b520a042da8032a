import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { callbackSignature } from './callback-signature';

const MINUTE_MS = 60_000;

export const unsignedThrottleMessage = (seconds: number) =>
  `Too many unsigned callback requests from this address; try again in ${seconds} seconds. ` +
  'Callbacks signed with the app secret are never limited.';

/**
 * Limits unsigned traffic to the callback endpoint per source IP. A correctly signed callback is
 * skipped before anything is counted (the intake reuses this signature check), so a flood of
 * forgeries from an address can never delay or refuse BitLabs itself.
 */
@Injectable()
export class UnsignedCallbackThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return callbackSignature(context.switchToHttp().getRequest<FastifyRequest>(), this.config.bitlabs).valid;
  }

  /** The module's default throttler names the bucket; the callback's own figures replace its limit. */
  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    return super.handleRequest({ ...request, limit: this.config.bitlabs.unsignedPerMinute, ttl: MINUTE_MS, blockDuration: MINUTE_MS });
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new ThrottlerException(unsignedThrottleMessage(Math.max(1, Math.ceil(detail.timeToBlockExpire))));
  }
}
