import { Controller, Get, HttpException, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ReceiveCallbackCommand, type ReceiveCallbackResult } from '../commands/receive-callback.command';
import { ok } from '../common/envelope';

@ApiTags('bitlabs')
@Controller('bitlabs')
export class BitlabsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Get('callback')
  // Server-to-server: browser security headers mean nothing to BitLabs and cost the hot path.
  @RouteConfig({ helmet: { skipRoute: true } })
  @ApiOperation({
    summary: 'BitLabs server-to-server callback (signed GET)',
    description: '200 once stored (also for a duplicate transaction), 403 for a bad hash, 400 for malformed parameters.',
  })
  async callback(@Req() request: FastifyRequest) {
    // The raw URL, byte for byte: the signature covers it exactly as BitLabs sent it.
    const result: ReceiveCallbackResult = await this.commandBus.execute(new ReceiveCallbackCommand(request.raw.url ?? request.url, request.ip));
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
