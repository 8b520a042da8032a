import type { BitlabsEnvelope, BitlabsOffer } from '@playquid/contracts';

/**
 * The BitLabs offers API as our server uses it: the static feed for servers,
 * `GET {BITLABS_API_URL}/v2/publishers/offers`, authenticated with the app token. Dev and tests
 * point the base URL at the local stand-in (@playquid/standins), which serves the same wire format.
 */

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
