import {
  ACCOUNT_SUSPENDED_MESSAGE,
  API_TIMEOUT_MS,
  type ApiEnvelope,
  laterPosition,
  LOG_POSITION_HEADER,
  MIN_LOG_POSITION_HEADER,
} from '@playquid/contracts';

const TIMEOUT_MESSAGE = 'The request timed out. Please try again.';

/** An API failure. `detail` is the text the server gave (its `detail`, else its `message`), if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived in time. */
    readonly status: number,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The part of a Firebase user the client needs: a way to get an ID token. */
export interface TokenSource {
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

export interface ApiClientOptions {
  /** The signed-in identity user, or null for a visitor. */
  currentUser: () => TokenSource | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told when the account turns out to be banned (a disabled sign-in account, or the server's 403). */
  onSuspended?: () => void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Cancels the request (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<ApiEnvelope<T>>;
  get<T>(path: string, signal?: AbortSignal): Promise<ApiEnvelope<T>>;
  post<T>(path: string, body?: unknown): Promise<ApiEnvelope<T>>;
  put<T>(path: string, body?: unknown): Promise<ApiEnvelope<T>>;
  /** The log position of this client's latest write (its answer's X-Log-Position), if any. */
  lastWritePosition(): string | undefined;
}

type ErrorBody = Partial<ApiEnvelope<unknown>> & { detail?: unknown };

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * fetch-based client of our own API: same origin, 30 s timeout, the cached Firebase ID token on
 * every request (Firebase renews it itself before it expires), one retry with a force-refreshed
 * token after a 401, `{success, message, data}` envelopes, and errors that carry the server's
 * `detail` (or `message`). Read-your-writes: the position a command answers with is kept, and every
 * later read asks the server to wait (briefly) until the read model has caught up with it.
 */
export function createApiClient({
  currentUser,
  fetch: doFetch = globalThis.fetch.bind(globalThis),
  timeoutMs = API_TIMEOUT_MS,
  onSuspended,
}: ApiClientOptions): ApiClient {
  const suspended = () => {
    onSuspended?.();
    return new ApiError(ACCOUNT_SUSPENDED_MESSAGE, 403, ACCOUNT_SUSPENDED_MESSAGE);
  };

  // A banned member's sign-in account is disabled, so Firebase refuses a refreshed token before any
  // request is sent: answered as the server would have, with the suspension message.
  async function idToken(user: TokenSource, forceRefresh: boolean): Promise<string> {
    try {
      return await user.getIdToken(forceRefresh);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'auth/user-disabled') throw suspended();
      throw error;
    }
  }

  let lastWrite: string | undefined;

  async function send(path: string, options: RequestOptions, forceRefresh = false): Promise<Response> {
    const headers = new Headers({ accept: 'application/json' });
    if (options.body !== undefined) headers.set('content-type', 'application/json');
    const method = options.method ?? 'GET';
    if (method === 'GET' && lastWrite) headers.set(MIN_LOG_POSITION_HEADER, lastWrite);
    const user = currentUser();
    // The cached token (no round trip to Google per request); a refreshed one only on the 401 retry.
    // Revocation (logout, bans) is still enforced by the server's checks, not by the token's age.
    if (user) headers.set('authorization', `Bearer ${await idToken(user, forceRefresh)}`);

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    try {
      return await doFetch(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      });
    } catch (error) {
      if (timeout.signal.aborted) throw new ApiError(TIMEOUT_MESSAGE, 0, TIMEOUT_MESSAGE);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
    let response = await send(path, options);
    // The cached token may have expired or been rotated: one more try with a force-refreshed token.
    if (response.status === 401 && currentUser()) response = await send(path, options, true);
    lastWrite = laterPosition(lastWrite, response.headers?.get(LOG_POSITION_HEADER) ?? undefined);
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    if (!response.ok || !body || body.success === false) {
      const serverText = textOf(body?.detail) ?? textOf(body?.message);
      if (response.status === 403 && serverText === ACCOUNT_SUSPENDED_MESSAGE) throw suspended();
      throw new ApiError(serverText ?? `Request failed (${response.status})`, response.status, serverText);
    }
    return body as ApiEnvelope<T>;
  }

  return {
    request,
    get: (path, signal) => request(path, { signal }),
    post: (path, body) => request(path, { method: 'POST', body }),
    put: (path, body) => request(path, { method: 'PUT', body }),
    lastWritePosition: () => lastWrite,
  };
}
