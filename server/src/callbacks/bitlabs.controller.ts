import { Controller, Get, HttpException, Inject, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { callbackSignature, rawPathAndQuery } from './callback-signature';
import { UnsignedCallbackThrottlerGuard } from './unsigned-callback-throttler.guard';
import { ReceiveCallbackCommand, type ReceiveCallbackResult } from './receive-callback.command';
import { ok } from '../common/envelope';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

@ApiTags('bitlabs')
@Controller('bitlabs')
export class BitlabsController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('callback')
  // Server-to-server: browser security headers mean nothing to BitLabs and cost the hot path.
  @RouteConfig({ helmet: { skipRoute: true } })
  @UseGuards(UnsignedCallbackThrottlerGuard)
  @ApiOperation({
    summary: 'BitLabs server-to-server callback (signed GET)',
    description:
      '200 once stored (also for a duplicate transaction), 403 for a bad hash or a source IP not allowed (kept in a bounded ' +
      'list, no event), 400 for malformed signed parameters, 409 for a transaction id that belongs to another member, ' +
      '429 for too many unsigned requests from one address (signed callbacks are never limited).',
  })
  async callback(@Req() request: FastifyRequest) {
    const result: ReceiveCallbackResult = await this.commandBus.execute(
      new ReceiveCallbackCommand(rawPathAndQuery(request), request.ip, callbackSignature(request, this.config.bitlabs)),
    );
    switch (result.outcome) {
      case 'accepted':
        return ok({ callback_id: result.callbackId, transaction_id: result.transactionId, duplicate: false }, 'Callback received');
      case 'duplicate':
        return ok({ callback_id: result.callbackId, transaction_id: result.transactionId, duplicate: true }, 'Duplicate transaction: already received');
      case 'rejected':
        throw new HttpException({ message: result.reason }, result.status);
    }
  }
}
