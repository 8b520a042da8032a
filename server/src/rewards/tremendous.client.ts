import { penceToPounds } from '@playquid/contracts';
import { Configuration, OrdersApi, type SingleRewardOrder } from 'tremendous';
import type { TremendousConfig } from '../config/app-config';

export interface RewardOrderRequest {
  /** Our payout id: Tremendous's idempotency key, so a retried job never pays twice. */
  externalId: string;
  amountPence: number;
  email: string;
  name: string;
}

export interface RewardOrderResult {
  orderId: string;
  rewardId: string | null;
  /** Tremendous order status (OPEN, EXECUTED, FAILED, PENDING APPROVAL, ...). */
  status: string;
  /**
   * created: a new order; existing: an identical earlier request's order came back;
   * adopted: the external id already had an order with other parameters (409), which we take as ours.
   */
  source: 'created' | 'existing' | 'adopted';
}

/** A failed call. `retryable` says whether trying again later can help (network, 5xx, 429, auth). */
export class TremendousError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TremendousError';
  }
}

// 401/403 are configuration trouble (key revoked, wrong environment): an operator can fix them while
// the job backs off, so they retry instead of failing the payout at once.
const RETRYABLE_STATUSES = new Set([401, 403, 408, 425, 429]);
const REQUEST_TIMEOUT_MS = 15_000;

interface OrderLike {
  id: string;
  status: string;
  rewards?: Array<{ id?: string }>;
}

interface AxiosLikeError {
  isAxiosError?: boolean;
  code?: string;
  message: string;
  response?: { status: number; data?: unknown };
}

function errorMessageOf(data: unknown): string | undefined {
  const errors = (data as { errors?: { message?: unknown } } | undefined)?.errors;
  return typeof errors?.message === 'string' ? errors.message : undefined;
}

function toTremendousError(error: unknown, action: string): TremendousError {
  const axiosError = error as AxiosLikeError;
  if (!axiosError?.isAxiosError) return new TremendousError(`${action}: ${String((error as Error)?.message ?? error)}`, null, true);
  const status = axiosError.response?.status;
  if (status === undefined) return new TremendousError(`${action}: ${axiosError.code ?? axiosError.message}`, null, true);
  const detail = errorMessageOf(axiosError.response?.data) ?? axiosError.message;
  return new TremendousError(`${action}: HTTP ${status} ${detail}`, status, status >= 500 || RETRYABLE_STATUSES.has(status));
}

const resultOf = (order: OrderLike, source: RewardOrderResult['source']): RewardOrderResult => ({
  orderId: order.id,
  rewardId: order.rewards?.[0]?.id ?? null,
  status: order.status,
  source,
});

/** Places reward orders through the official SDK (its Orders API); one emailed reward per payout. */
export class TremendousClient {
  private readonly orders: OrdersApi;

  constructor(private readonly config: TremendousConfig) {
    this.orders = new OrdersApi(
      new Configuration({ basePath: config.baseUrl, accessToken: config.apiKey, baseOptions: { timeout: REQUEST_TIMEOUT_MS } }),
    );
  }

  /** The exact body for a payout: deterministic, so a retry is "the same payload" to Tremendous. */
  orderBody(request: RewardOrderRequest): SingleRewardOrder {
    const { campaignId, products, fundingSourceId } = this.config;
    return {
      external_id: request.externalId,
      payment: { funding_source_id: fundingSourceId },
      reward: {
        ...(campaignId ? { campaign_id: campaignId } : {}),
        ...(products.length > 0 ? { products } : {}),
        value: { denomination: penceToPounds(request.amountPence), currency_code: 'GBP' },
        recipient: { name: request.name, email: request.email },
        delivery: { method: 'EMAIL' },
      },
    };
  }

  /**
   * Creates the order, or returns the one that already exists for this external id: an identical
   * retry gets it back from Tremendous directly (200/201); a retry whose body differs (the member
   * renamed themselves, the campaign changed) gets 409, and then the existing order is fetched by
   * external id, because only this payout can have used that id and it must never be paid twice.
   */
  async createOrder(request: RewardOrderRequest): Promise<RewardOrderResult> {
    try {
      const response = await this.orders.createOrder(this.orderBody(request));
      return resultOf(response.data.order, response.status === 201 ? 'existing' : 'created');
    } catch (error) {
      const mapped = toTremendousError(error, 'create order');
      if (mapped.status !== 409) throw mapped;
    }
    return resultOf(await this.getOrder(request.externalId), 'adopted');
  }

  /** By Tremendous order id or by our external id (the API accepts either). */
  async getOrder(id: string): Promise<OrderLike> {
    try {
      return (await this.orders.getOrder(id)).data.order;
    } catch (error) {
      throw toTremendousError(error, `get order ${id}`);
    }
  }
}
