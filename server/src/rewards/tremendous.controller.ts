import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ok } from '../common/envelope';
import { TremendousWebhookService } from './tremendous-webhook.service';

@ApiTags('tremendous')
@Controller('tremendous')
export class TremendousController {
  constructor(private readonly webhooks: TremendousWebhookService) {}

  @Post('webhooks')
  @HttpCode(200)
  // Server-to-server: browser security headers mean nothing to Tremendous.
  @RouteConfig({ helmet: { skipRoute: true } })
  @ApiOperation({
    summary: 'Tremendous delivery webhook (signed POST)',
    description:
      '200 once recorded (also for a duplicate uuid or an event we do not act on), 401 for a bad or missing signature, ' +
      '400 for a malformed body, 503 while the reward is not yet known here (Tremendous retries).',
  })
  async receive(@Req() request: FastifyRequest & { rawBody?: Buffer }) {
    // The raw bytes, not the parsed body: the signature covers exactly what Tremendous sent.
    const result = await this.webhooks.receive(request.headers, request.rawBody);
    return ok(result, result.outcome === 'recorded' ? 'Delivery recorded' : `Webhook ${result.outcome}`);
  }
}
