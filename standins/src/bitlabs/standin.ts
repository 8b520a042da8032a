import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BitlabsEnvelope, BitlabsOffer } from '@playquid/contracts';
import { GAME_NAMES_BY_SLUG, iconSvg, standinCatalogue } from './catalogue';

/**
 * A local BitLabs offers API for dev, tests and the demo (the real one cannot be reached from our
 * machines). It serves the static server feed `GET /v2/publishers/offers` in BitLabs' envelope
 * behind `X-Api-Token`, the offers' icons (`/icons/{slug}.svg`), support pages (`/support/{offerId}`)
 * and tracking links (`/click/{offerId}?uid=…`, a small page standing in for BitLabs' redirect to the store).
 */
export interface BitlabsStandinOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** When set, only this X-Api-Token is accepted; otherwise any non-empty one. */
  apiToken?: string;
  /** Base of the links in the feed; defaults to http://{host}:{port}. */
  publicUrl?: string;
  log?: (message: string) => void;
}

export interface StandinClick {
  offerId: string;
  uid: string | null;
  at: string;
}

export interface BitlabsStandin {
  /** Use as BITLABS_API_URL. */
  url: string;
  /** The feed as it is served now. */
  readonly offers: readonly BitlabsOffer[];
  readonly clicks: readonly StandinClick[];
  /** Feed requests served (successful or not). */
  readonly feedRequests: number;
  /** Test hooks: change an offer, drop it from the feed, or go back to the seeded catalogue. */
  updateOffer(id: number | string, change: (offer: BitlabsOffer) => BitlabsOffer): void;
  removeOffer(id: number | string): void;
  reset(): void;
  /** The next `count` feed requests answer `status` with an error envelope. */
  failNextFeeds(status: number, count?: number): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startBitlabsStandin(options: BitlabsStandinOptions): Promise<BitlabsStandin> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  let baseUrl = '';
  let offers: BitlabsOffer[] = [];
  const clicks: StandinClick[] = [];
  const forcedFailures: number[] = [];
  let feedRequests = 0;
  let traces = 0;
  // Trace ids count up: deterministic, and still unique per answer as BitLabs' are.
  const traceId = () => `standin-${String(++traces).padStart(6, '0')}`;

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }
  function error(res: ServerResponse, status: number, msg: string): void {
    const body: BitlabsEnvelope<null> = { data: null, error: { details: { http: status, msg } }, status: 'error', trace_id: traceId() };
    json(res, status, body);
  }

  function feed(req: IncomingMessage, res: ServerResponse, url: URL): void {
    feedRequests += 1;
    const token = req.headers['x-api-token'];
    if (typeof token !== 'string' || token === '' || (options.apiToken && token !== options.apiToken)) return error(res, 401, 'Invalid API token');
    const forced = forcedFailures.shift();
    if (forced !== undefined) return error(res, forced, `Forced failure (stand-in test hook): HTTP ${forced}`);
    // The query options of the client endpoint work here too, so the stand-in can be explored by hand.
    const devices = url.searchParams.get('devices')?.toLowerCase();
    const ids = url.searchParams.get('offer_ids')?.split(',').map((id) => id.trim());
    const limit = Number(url.searchParams.get('limit') ?? 0);
    let served = offers.filter((o) => (!devices || (o.device_targeting?.devices ?? []).includes(devices)) && (!ids || ids.includes(String(o.id))));
    if (Number.isInteger(limit) && limit > 0) served = served.slice(0, limit);
    const body: BitlabsEnvelope<{ offers: BitlabsOffer[] }> = { data: { offers: served }, error: null, status: 'success', trace_id: traceId() };
    json(res, 200, body);
  }

  function click(res: ServerResponse, offerId: string, url: URL): void {
    const offer = offers.find((o) => String(o.id) === offerId);
    if (!offer) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Offer not found</title><p>This offer is no longer available.</p>');
      return;
    }
    const uid = url.searchParams.get('uid');
    clicks.push({ offerId, uid, at: new Date().toISOString() });
    log(`click on offer ${offerId} by ${uid ?? 'nobody'}`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      [
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>BitLabs tracking</title></head>',
        '<body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;text-align:center">',
        `<img src="${escapeHtml(offer.icon_url ?? '')}" alt="" width="96" height="96">`,
        `<h1>${escapeHtml(offer.anchor ?? `Offer ${offerId}`)}</h1>`,
        `<p>Tracking started for member <code>${escapeHtml(uid ?? 'unknown')}</code>.</p>`,
        '<p>The real partner would now send you to the app store. This is the local BitLabs stand-in.</p>',
        '</body></html>',
      ].join(''),
    );
  }

  function support(res: ServerResponse, offerId: string): void {
    const offer = offers.find((o) => String(o.id) === offerId);
    res.writeHead(offer ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      offer
        ? `<!doctype html><title>Support</title><h1>${escapeHtml(offer.anchor ?? offerId)}: support</h1><p>Missing a reward? Rewards confirm within ${escapeHtml(offer.confirmation_time ?? 'a few days')}. This is the local BitLabs stand-in.</p>`
        : '<!doctype html><title>Offer not found</title><p>This offer is no longer available.</p>',
    );
  }

  function icon(res: ServerResponse, slug: string): void {
    const name = GAME_NAMES_BY_SLUG.get(slug);
    if (!name) return error(res, 404, 'Icon not found');
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
    res.end(iconSvg(name));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname;
    try {
      if (req.method !== 'GET') return error(res, 405, 'Method not allowed');
      if (path === '/v2/publishers/offers') return feed(req, res, url);
      if (path === '/_standin/health') return json(res, 200, { status: 'ok', offers: offers.length });
      const clickMatch = /^\/click\/([^/]+)$/.exec(path);
      if (clickMatch) return click(res, decodeURIComponent(clickMatch[1]), url);
      const supportMatch = /^\/support\/([^/]+)$/.exec(path);
      if (supportMatch) return support(res, decodeURIComponent(supportMatch[1]));
      const iconMatch = /^\/icons\/([a-z0-9-]+)\.svg$/.exec(path);
      if (iconMatch) return icon(res, iconMatch[1]);
      return error(res, 404, `No route ${path}`);
    } catch (e) {
      error(res, 500, (e as Error).message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = (options.publicUrl ?? `http://${host}:${port}`).replace(/\/+$/, '');
  offers = standinCatalogue(baseUrl);

  const find = (id: number | string) => {
    const index = offers.findIndex((o) => String(o.id) === String(id));
    if (index === -1) throw new Error(`No offer ${id} in the stand-in catalogue`);
    return index;
  };

  return {
    url: baseUrl,
    get offers() {
      return offers;
    },
    clicks,
    get feedRequests() {
      return feedRequests;
    },
    updateOffer(id, change) {
      const index = find(id);
      offers = offers.map((o, i) => (i === index ? change(structuredClone(o)) : o));
    },
    removeOffer(id) {
      const index = find(id);
      offers = offers.filter((_, i) => i !== index);
    },
    reset() {
      offers = standinCatalogue(baseUrl);
    },
    failNextFeeds(status, count = 1) {
      for (let i = 0; i < count; i++) forcedFailures.push(status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
