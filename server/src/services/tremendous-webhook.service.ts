import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { streams } from '@playquid/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { walletDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { PayoutRewardRepository } from '../repositories/payout-reward.repository';
import { deliveryOutcome, parseWebhook } from '../rewards/tremendous-webhook';
import { verifyWebhookSignature } from '../rewards/webhook-signature';
import { handleCommand } from './command-handler';

export interface TremendousWebhookResult {
  /** recorded: a new delivery fact; duplicate: this uuid was recorded before; ignored: not a delivery event. */
  outcome: 'recorded' | 'duplicate' | 'ignored';
  event: string;
  uuid: string;
  payoutId: string | null;
}

/**
 * Delivery webhooks from Tremendous: signature first (nothing in an unsigned body is trusted), then
 * the payout is found by reward id and the delivery recorded once per webhook uuid on its wallet
 * stream, so Tremendous's redeliveries change nothing.
 */
@Injectable()
export class TremendousWebhookService {
  private readonly logger = new Logger('TremendousWebhooks');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payouts: PayoutRewardRepository,
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
    const { events } = await handleCommand(this.store, streams.wallet(payout.uid), walletDecider, {
      type: 'RecordRewardDelivery',
      uid: payout.uid,
      payoutId: payout.id,
      webhookUuid: uuid,
      outcome,
      detail:
        outcome === 'failed'
          ? `Tremendous could not deliver the reward email (${[event, webhook.created_utc].filter(Boolean).join(' ')})`
          : null,
      now: new Date().toISOString(),
    });
    this.logger.log({ event, uuid, payoutId: payout.id, duplicate: events.length === 0 }, 'Tremendous delivery webhook');
    return { outcome: events.length > 0 ? 'recorded' : 'duplicate', event, uuid, payoutId: payout.id };
  }
}
