import { REWARD_DELIVERY_FAILED, REWARD_DELIVERY_SUCCEEDED, type TremendousWebhook } from '@playquid/contracts';
import canonicalize from 'canonicalize';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody } from './webhook-signature';

/**
 * A local Tremendous for dev, tests and the demo (the real API cannot be reached from our machines).
 * It speaks the subset of the v2 protocol we use: Bearer auth, POST /orders idempotent on
 * external_id (same payload -> the existing order with 201, other payload -> 409), GET /orders/{id}
 * (id or external_id), GET /rewards/{id}, and a signed delivery webhook per new reward, retried with
 * backoff until our API answers 2xx (it may answer 503 until the order is projected).
 */
export interface TremendousStandinOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Where delivery webhooks go; none are sent when unset. */
  webhookUrl?: string;
  webhookSecret: string;
  /** When set, only this Bearer token is accepted; otherwise any non-empty one. */
  apiKey?: string;
  /** Delay before a new reward's delivery webhook, like the real asynchronous email delivery. */
  deliveryDelayMs?: number;
  /** Waits between webhook attempts; one more attempt than entries. */
  webhookRetryDelaysMs?: number[];
  log?: (message: string) => void;
}

export interface StandinReward {
  id: string;
  order_id: string;
  created_at: string;
  value: { denomination: number; currency_code: string };
  recipient: { name: string; email: string };
  delivery: { method: string; status: 'SCHEDULED' | 'SUCCEEDED' | 'FAILED' };
}

export interface StandinOrder {
  id: string;
  external_id: string | null;
  campaign_id: string | null;
  created_at: string;
  status: 'EXECUTED';
  channel: 'API';
  payment: { subtotal: number; total: number; fees: number; discount: number; currency_code: string };
  rewards: StandinReward[];
}

export interface StandinWebhookDelivery {
  uuid: string;
  event: string;
  rewardId: string;
  attempts: number;
  /** HTTP status of the last attempt, null after a network error. */
  lastStatus: number | null;
  state: 'pending' | 'delivered' | 'gave_up';
}

export interface TremendousStandin {
  /** API root to use as TREMENDOUS_BASE_URL (ends in /api/v2). */
  url: string;
  /** Orders by Tremendous id. */
  orders: ReadonlyMap<string, StandinOrder>;
  webhooks: readonly StandinWebhookDelivery[];
  /** Test hook: the next `count` POST /orders answer `status` without creating anything. */
  failNextOrders(status: number, count?: number): void;
  /** Resolves once every scheduled webhook was delivered or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly payload: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const DEFAULT_RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
const MAX_BODY_BYTES = 1024 * 1024;
const API_PREFIX = '/api/v2';

const tremendousId = () => randomBytes(6).toString('hex').toUpperCase();

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

type OrderRequest = {
  external_id?: string | null;
  payment?: { funding_source_id?: unknown };
  reward?: {
    campaign_id?: unknown;
    products?: unknown;
    value?: { denomination?: unknown; currency_code?: unknown };
    recipient?: { name?: unknown; email?: unknown };
    delivery?: { method?: unknown };
  };
};

/** The checks the real API makes that our orders could trip over, with its error shape. */
function validateOrder(body: OrderRequest): asserts body is Required<OrderRequest> {
  const reward = body.reward;
  if (!reward || typeof reward !== 'object') throw new HttpError(400, 'reward is required');
  if (typeof body.payment?.funding_source_id !== 'string') throw new HttpError(400, 'payment.funding_source_id is required');
  const hasProducts = Array.isArray(reward.products) && reward.products.length > 0;
  if (!reward.campaign_id && !hasProducts) throw new HttpError(400, 'Either products or campaign_id must be specified');
  const denomination = reward.value?.denomination;
  if (typeof denomination !== 'number' || !(denomination > 0))
    throw new HttpError(400, 'reward.value.denomination must be a positive number');
  if (typeof reward.recipient?.email !== 'string' || !reward.recipient.email.includes('@')) {
    throw new HttpError(400, 'reward.recipient.email must be an email address');
  }
  if (typeof reward.recipient.name !== 'string' || reward.recipient.name.trim() === '')
    throw new HttpError(400, 'reward.recipient.name is required');
  const method = reward.delivery?.method ?? 'EMAIL';
  if (!['EMAIL', 'LINK', 'PHONE'].includes(method as string)) throw new HttpError(400, `Unknown delivery method ${String(method)}`);
}

export async function startTremendousStandin(options: TremendousStandinOptions): Promise<TremendousStandin> {
  const log = options.log ?? (() => {});
  const retryDelays = options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const orders = new Map<string, StandinOrder>();
  const byExternalId = new Map<string, StandinOrder>();
  /** Canonical JSON of each order's creating request, by order id: the idempotency comparison. */
  const requests = new Map<string, string>();
  const rewards = new Map<string, StandinReward>();
  const webhooks: StandinWebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const forcedFailures: number[] = [];
  let closed = false;

  const later = (ms: number, fn: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closed) return;
      const run = fn().finally(() => inFlight.delete(run));
      inFlight.add(run);
    }, ms);
    timers.add(timer);
  };

  async function deliver(delivery: StandinWebhookDelivery, body: string): Promise<void> {
    delivery.attempts += 1;
    try {
      const response = await fetch(options.webhookUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'tremendous-webhook-signature': signWebhookBody(body, options.webhookSecret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.lastStatus = response.status;
      await response.arrayBuffer();
      if (response.ok) {
        delivery.state = 'delivered';
        return;
      }
    } catch {
      delivery.lastStatus = null;
    }
    const wait = retryDelays[delivery.attempts - 1];
    if (wait === undefined || closed) {
      delivery.state = 'gave_up';
      log(`webhook ${delivery.uuid} (${delivery.event}) gave up after ${delivery.attempts} attempts`);
      return;
    }
    later(wait, () => deliver(delivery, body));
  }

  function scheduleDelivery(reward: StandinReward): void {
    if (!options.webhookUrl) return;
    const event = reward.recipient.email.includes('+fail') ? REWARD_DELIVERY_FAILED : REWARD_DELIVERY_SUCCEEDED;
    const delivery: StandinWebhookDelivery = {
      uuid: randomUUID(),
      event,
      rewardId: reward.id,
      attempts: 0,
      lastStatus: null,
      state: 'pending',
    };
    webhooks.push(delivery);
    later(options.deliveryDelayMs ?? 100, async () => {
      reward.delivery.status = event === REWARD_DELIVERY_FAILED ? 'FAILED' : 'SUCCEEDED';
      const webhook: TremendousWebhook = {
        event,
        uuid: delivery.uuid,
        created_utc: new Date().toISOString(),
        payload: { resource: { id: reward.id, type: 'rewards' } },
      };
      await deliver(delivery, JSON.stringify(webhook));
    });
  }

  function createOrder(body: OrderRequest): { status: number; order: StandinOrder } {
    const forced = forcedFailures.shift();
    if (forced !== undefined) throw new HttpError(forced, `Forced failure (stand-in test hook): HTTP ${forced}`);
    validateOrder(body);
    const request = canonicalize(body) ?? '';
    const externalId = typeof body.external_id === 'string' && body.external_id !== '' ? body.external_id : null;
    const existing = externalId ? byExternalId.get(externalId) : undefined;
    if (existing) {
      if (requests.get(existing.id) === request) return { status: 201, order: existing };
      throw new HttpError(409, 'An order with this external_id already exists with different parameters', { external_id: externalId });
    }
    const now = new Date().toISOString();
    const id = tremendousId();
    const { reward } = body;
    const value = { denomination: reward.value!.denomination as number, currency_code: String(reward.value!.currency_code ?? 'USD') };
    const created: StandinReward = {
      id: tremendousId(),
      order_id: id,
      created_at: now,
      value,
      recipient: { name: String(reward.recipient!.name), email: String(reward.recipient!.email) },
      delivery: { method: String(reward.delivery?.method ?? 'EMAIL'), status: 'SCHEDULED' },
    };
    const order: StandinOrder = {
      id,
      external_id: externalId,
      campaign_id: typeof reward.campaign_id === 'string' ? reward.campaign_id : null,
      created_at: now,
      status: 'EXECUTED',
      channel: 'API',
      payment: { subtotal: value.denomination, total: value.denomination, fees: 0, discount: 0, currency_code: value.currency_code },
      rewards: [created],
    };
    orders.set(id, order);
    requests.set(id, request);
    if (externalId) byExternalId.set(externalId, order);
    rewards.set(created.id, created);
    log(`order ${id} (external_id ${externalId ?? '-'}) ${value.currency_code} ${value.denomination} to ${created.recipient.email}`);
    scheduleDelivery(created);
    return { status: 200, order };
  }

  function authorised(req: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return !!match && (options.apiKey === undefined || match[1] === options.apiKey);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    if (req.method === 'GET' && path === '/_standin/health') return send(res, 200, { ok: true, orders: orders.size });
    if (!path.startsWith(`${API_PREFIX}/`)) throw new HttpError(404, 'Not found');
    if (!authorised(req)) throw new HttpError(401, 'Unauthorized: missing or invalid API key');
    const [resource, id, ...rest] = path
      .slice(API_PREFIX.length + 1)
      .split('/')
      .map(decodeURIComponent);
    if (resource === 'orders' && id === undefined && req.method === 'POST') {
      const { status, order } = createOrder((await readJson(req)) as OrderRequest);
      return send(res, status, { order });
    }
    if (resource === 'orders' && id && rest.length === 0 && req.method === 'GET') {
      const found = orders.get(id) ?? byExternalId.get(id);
      if (!found) throw new HttpError(404, `Order ${id} not found`);
      return send(res, 200, { order: found });
    }
    if (resource === 'rewards' && id && rest.length === 0 && req.method === 'GET') {
      const reward = rewards.get(id);
      if (!reward) throw new HttpError(404, `Reward ${id} not found`);
      return send(res, 200, { reward });
    }
    throw new HttpError(404, 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const payload = error instanceof HttpError ? error.payload : {};
      send(res, status, { errors: { message: (error as Error).message, payload } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${API_PREFIX}`,
    orders,
    webhooks,
    failNextOrders(status, count = 1) {
      for (let i = 0; i < count; i++) forcedFailures.push(status);
    },
    async settled() {
      // A delivery in flight may schedule its retry: loop until nothing is waiting or running.
      while (inFlight.size > 0 || timers.size > 0) {
        if (inFlight.size > 0) await Promise.allSettled([...inFlight]);
        else await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
