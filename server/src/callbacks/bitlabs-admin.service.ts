import { BadRequestException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { assertNotOwnMoney } from '@playquid/domain';
import type { CallbackState } from '@playquid/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { buildSignedCallbackUrl, CALLBACK_PATH, type CallbackUrlParams } from './callback-url';
import { LocalCallbackClient, type PartnerResponse } from './local-callback.client';
import { APP_CONFIG, type AppConfig, DEV_BITLABS_SECRET } from '../config/app-config';
import { type Activity, bucketActivity, hourOf, windowStartHour } from './callback-stats';
import { CallbackRepository } from './callback.repository';
import type { TriggerCallbackDto } from './callbacks.dto';

const HOUR_MS = 3_600_000;
/** A debug callback: stored and processed like any other, but never credited (outcome debug_not_credited). */
export const TEST_CALLBACK_AMOUNT = '0.01';
export const TEST_CALLBACK_OFFER_NAME = 'PlayQuid callback test';

export interface BitlabsStatus {
  /** A real app secret is set (not the development fallback). */
  configured: boolean;
  secret_source: 'environment' | 'development_default';
  public_base_url: string;
  callback_url: string;
  allow_list: { enabled: boolean; ips: string[] };
  last_callback_received_at: string | null;
  last_24h: Activity['totals'];
}

export type CallbackDispatch = PartnerResponse & { transaction_id: string };

const adminName = (admin: AuthUser) => admin.email ?? admin.uid;
const isNegative = (amount: string) => amount.trim().startsWith('-');
const isZero = (amount: string) => !/[1-9]/.test(amount);

/** Rules the DTO cannot express alone: what BitLabs itself would never send. */
export const TRIGGERED_CALLBACKS_OFF_MESSAGE = 'Triggered callbacks are turned off on this deployment (ALLOW_TRIGGERED_CALLBACKS)';

export function triggerProblem(dto: Pick<TriggerCallbackDto, 'amount' | 'state' | 'ref'>): string | null {
  if (isZero(dto.amount)) return 'amount must not be zero';
  if (!isNegative(dto.amount)) return null;
  if (!dto.ref) return 'ref (the original transaction id) is required for a negative amount (a reversal)';
  if (dto.state && dto.state !== 'RECONCILED') return 'a negative amount (a reversal) must have state RECONCILED';
  return null;
}

/** BitLabs' transaction id shapes: "o…" for a credit, "or…" for a default-mode reversal. */
const newTransactionId = (reversal: boolean) => `${reversal ? 'or' : 'o'}${Date.now()}${randomBytes(3).toString('hex')}`;

/** Admin tools of the BitLabs integration: its configuration, recent traffic, and signed callbacks sent to ourselves. */
@Injectable()
export class BitlabsAdminService {
  constructor(
    private readonly callbacks: CallbackRepository,
    private readonly client: LocalCallbackClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async status(now = new Date()): Promise<BitlabsStatus> {
    const { secret, publicBaseUrl, allowedIps } = this.config.bitlabs;
    const [last, last_24h] = await Promise.all([this.callbacks.lastReceivedAt(), this.last24h(now)]);
    const configured = secret !== DEV_BITLABS_SECRET;
    return {
      configured,
      secret_source: configured ? 'environment' : 'development_default',
      public_base_url: publicBaseUrl,
      callback_url: `${publicBaseUrl}${CALLBACK_PATH}`,
      allow_list: { enabled: allowedIps.length > 0, ips: allowedIps },
      last_callback_received_at: last?.toISOString() ?? null,
      last_24h,
    };
  }

  /** Per UTC hour, the last `hours` hours including the current one. */
  async activity(hours: number, now = new Date()): Promise<Activity> {
    const first = windowStartHour(now, hours);
    return bucketActivity(await this.callbacks.activity(new Date(first * HOUR_MS)), first, hours, now);
  }

  /** Totals over exactly the last 24 hours (not whole hours), for the status card. */
  private async last24h(now: Date): Promise<Activity['totals']> {
    const since = new Date(now.getTime() - 24 * HOUR_MS);
    const first = hourOf(since);
    return bucketActivity(await this.callbacks.activity(since), first, hourOf(now) - first + 1, now).totals;
  }

  /** What BitLabs' dashboard tester does: a signed callback with debug=true, here for the calling admin. */
  test(admin: AuthUser): Promise<CallbackDispatch> {
    return this.send({
      uid: admin.uid,
      tx: `test-${randomUUID()}`,
      val: TEST_CALLBACK_AMOUNT,
      offerName: TEST_CALLBACK_OFFER_NAME,
      state: 'COMPLETED',
      debug: true,
      triggeredBy: adminName(admin),
    });
  }

  /** A real, signed callback as BitLabs would send it, carrying the admin who sent it (CallbackReceived.triggeredBy). */
  trigger(dto: TriggerCallbackDto, admin: AuthUser): Promise<CallbackDispatch> {
    if (!this.config.allowTriggeredCallbacks) throw new ForbiddenException(TRIGGERED_CALLBACKS_OFF_MESSAGE);
    assertNotOwnMoney(admin.uid, dto.uid);
    const problem = triggerProblem(dto);
    if (problem) throw new BadRequestException(problem);
    const reversal = isNegative(dto.amount);
    const state: CallbackState = dto.state ?? (reversal ? 'RECONCILED' : 'COMPLETED');
    return this.send({
      uid: dto.uid,
      tx: dto.tx ?? newTransactionId(reversal),
      val: dto.amount,
      offerId: dto.offer_id,
      offerName: dto.offer_name,
      state,
      ref: dto.ref,
      triggeredBy: adminName(admin),
    });
  }

  private async send(params: CallbackUrlParams): Promise<CallbackDispatch> {
    const url = buildSignedCallbackUrl(this.config.bitlabs.publicBaseUrl, this.config.bitlabs.secret, params);
    return { transaction_id: params.tx, ...(await this.client.send(url)) };
  }
}
