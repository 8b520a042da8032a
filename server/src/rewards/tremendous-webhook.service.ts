import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PayoutRewardRepository } from './payout-reward.repository';
import { RecordRewardDeliveryCommand } from './reward-delivery.command';
import { deliveryOutcome, parseWebhook } from './tremendous-webhook';
import { verifyWebhookSignature } from './webhook-signature';

export interface TremendousWebhookResult {
  /** recorded: a new delivery fact; duplicate: this uuid was recorded before; ignored: not a delivery event. */
  outcome: 'recorded' | 'duplicate' | 'ignored';
  event: string;
  uuid: string;
  payoutId: string | null;
}

/**
 * Delivery webhooks from Tremendous: signature first (nothing in an unsigned body is trusted), then
 * the payout is found by reward id and the delivery recorded (RecordRewardDeliveryCommand) once per
 * webhook uuid on its wallet stream, so Tremendous's redeliveries change nothing.
 */
@Injectable()
export class TremendousWebhookService {
  private readonly logger = new Logger('TremendousWebhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payouts: PayoutRewardRepository,
    private readonly commandBus: CommandBus,
  ) {}

  async receive(headers: Record<string, string | string[] | undefined>, rawBody: Buffer | undefined): Promise<TremendousWebhookResult> {
    const { signatureHeader, webhookSecret } = this.config.tremendous;
    const signature = verifyWebhookSignature(rawBody, headers[signatureHeader], webhookSecret);
    if (!signature.valid) {
      this.logger.warn({ reason: signature.reason }, 'Tremendous webhook refused');
      throw new UnauthorizedException(signature.reason);
    }
    const webhook = parseWebhook(rawBody!);
    if ('error' in webhook) throw new BadRequestException(webhook.error);
    const { event, uuid } = webhook;
    const outcome = deliveryOutcome(event);
    if (!outcome) return { outcome: 'ignored', event, uuid, payoutId: null };

    const rewardId = webhook.payload.resource.id;
    const payout = await this.payouts.findByRewardId(rewardId);
    if (!payout) {
      // The webhook can overtake us: the order is recorded and then projected only after Tremendous
      // answered. 503 (not 404) says "later", and Tremendous retries until the row exists.
      throw new ServiceUnavailableException(`Reward ${rewardId} is not known here yet; retry later`);
    }
    const detail =
      outcome === 'failed' ? `Tremendous could not deliver the reward email (${[event, webhook.created_utc].filter(Boolean).join(' ')})` : null;
    const occurredAt = Number.isNaN(Date.parse(webhook.created_utc)) ? null : new Date(webhook.created_utc).toISOString();
    const recorded = await this.commandBus.execute<RecordRewardDeliveryCommand, boolean>(
      new RecordRewardDeliveryCommand(payout.uid, payout.id, uuid, outcome, occurredAt, detail),
    );
    this.logger.log({ event, uuid, payoutId: payout.id, duplicate: !recorded }, 'Tremendous delivery webhook');
    return { outcome: recorded ? 'recorded' : 'duplicate', event, uuid, payoutId: payout.id };
  }
}
