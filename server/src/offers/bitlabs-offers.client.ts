/**
 * The BitLabs offers API as our server uses it: the static feed for servers,
 * `GET {BITLABS_API_URL}/v2/publishers/offers`, authenticated with the app token. Dev and tests
 * point the base URL at the local stand-in (bitlabs-standin.ts), which speaks the same protocol.
 */

/** Every BitLabs answer: `status` 'success' with `data`, or an error with its HTTP status and message. */
export interface BitlabsEnvelope<T> {
  data: T | null;
  error: { details: { http: number | string; msg: string } } | null;
  status: 'success' | 'error' | string;
  trace_id: string;
}

export interface BitlabsOfferEvent {
  uuid: string;
  name: string;
  type: string;
  /** The member's reward in the app currency (pounds for PlayQuid). */
  points: number | string;
  /** What BitLabs pays us, USD, as a decimal string. */
  payout: string;
  status?: 'viewed' | 'pending' | 'completed' | 'cancelled' | string;
  type_id: number;
  ttc_minutes?: number | null;
  expires_at?: string | null;
}

export interface BitlabsOffer {
  id: number | string;
  /** The game's display name; offers of the same game on several platforms share it. */
  anchor: string | null;
  description: string;
  requirements?: string | null;
  confirmation_time?: string | null;
  click_url: string;
  support_url?: string | null;
  icon_url?: string | null;
  /** Platform names (Android, iOS) appear here beside genres. */
  categories: string[];
  total_points?: number | string;
  disclaimer?: string | null;
  app_metadata?: { categories?: string[]; screenshot_urls?: string[] } | null;
  events: BitlabsOfferEvent[];
  /** Static feed only: the devices the offer is shown on (android, iphone, ipad, desktop). */
  device_targeting?: { devices?: string[] | null } | null;
}

export interface BitlabsClientConfig {
  /** API root, e.g. https://api.bitlabs.ai (no /v2). */
  apiUrl: string;
  apiToken: string;
  /** BitLabs wants a user on every call; the server feed is fetched on behalf of no member. */
  userId?: string;
  userAgent?: string;
  timeoutMs?: number;
}

/** A failed call. `retryable`: the sync should simply try again on its next run. */
export class BitlabsApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly traceId: string | null,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'BitlabsApiError';
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
export const BITLABS_SERVER_USER_ID = 'playquid-server';
export const BITLABS_USER_AGENT = 'PlayQuid/1.0 (+offer-sync)';

export class BitlabsOffersClient {
  constructor(
    private readonly config: BitlabsClientConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The whole static catalogue; an error envelope or a non-2xx answer throws BitlabsApiError. */
  async publisherOffers(): Promise<BitlabsOffer[]> {
    const data = await this.get<{ offers?: BitlabsOffer[] }>('/v2/publishers/offers');
    if (!Array.isArray(data.offers)) throw new BitlabsApiError('BitLabs answered without an offers list', null, null, true);
    return data.offers;
  }

  private async get<T>(path: string): Promise<T> {
    const url = `${this.config.apiUrl.replace(/\/+$/, '')}${path}`;
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        headers: {
          'X-Api-Token': this.config.apiToken,
          'X-User-Id': this.config.userId ?? BITLABS_SERVER_USER_ID,
          'User-Agent': this.config.userAgent ?? BITLABS_USER_AGENT,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new BitlabsApiError(`GET ${path}: ${(error as Error).message}`, null, null, true);
    }
    let body: BitlabsEnvelope<T> | undefined;
    try {
      body = (await response.json()) as BitlabsEnvelope<T>;
    } catch {
      body = undefined;
    }
    const traceId = body?.trace_id ?? null;
    if (!response.ok || !body || body.status !== 'success' || body.error || body.data === null || body.data === undefined) {
      const detail = body?.error?.details?.msg ?? (body ? `status ${body.status}` : 'not JSON');
      // 4xx other than 408/429 is our configuration (token, URL): retrying on schedule is still right, but say so.
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429 || response.ok;
      throw new BitlabsApiError(`GET ${path}: HTTP ${response.status} ${detail}${traceId ? ` (trace ${traceId})` : ''}`, response.status, traceId, retryable);
    }
    return body.data;
  }
}
