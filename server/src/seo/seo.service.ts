import { Inject, Injectable } from '@nestjs/common';
import {
  blogPostMeta,
  headTags,
  matchClientRoute,
  notFoundMeta,
  offerMeta,
  type PageMeta,
  routeMeta,
  SITE_LANG,
  SITEMAP_PATHS,
} from '@playquid/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { escapeHtml, hasShell, injectHead, injectShell, type PageShells, renderHeadTags, type RoutePreloads, routePreloadTags } from './head-html';
import { SeoRepository } from './seo.repository';

/** Sitemaps are capped at 50,000 URLs; far more than the catalogue and blog hold. */
const SITEMAP_MAX_ROWS = 20_000;

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

const isoDate = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/**
 * Server-rendered heads for the single-page app: a GET of a client route gets index.html with that
 * page's metadata, so crawlers and link previews see it without running JavaScript. Unknown paths
 * and missing offers or posts answer 404 (the app then shows its not-found handling).
 */
@Injectable()
export class SeoService {
  private template?: string;
  private preloads?: RoutePreloads;
  private shells?: PageShells;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: SeoRepository,
  ) {}

  private get origin(): string {
    return this.config.bitlabs.publicBaseUrl;
  }

  /** index.html is read once: it only changes with a new build, which means a new process. */
  private indexHtml(): string {
    this.template ??= readFileSync(join(this.config.clientDist, 'index.html'), 'utf8');
    return this.template;
  }

  /** The build's route-preloads.json, read once like index.html (none when a build has not written it). */
  private routePreloads(): RoutePreloads {
    if (!this.preloads) {
      try {
        this.preloads = JSON.parse(readFileSync(join(this.config.clientDist, 'route-preloads.json'), 'utf8')) as RoutePreloads;
      } catch {
        this.preloads = {};
      }
    }
    return this.preloads;
  }

  /** The build's shells.json, read once like index.html (none when a build has not written it). */
  private pageShells(): PageShells {
    if (!this.shells) {
      try {
        this.shells = JSON.parse(readFileSync(join(this.config.clientDist, 'shells.json'), 'utf8')) as PageShells;
      } catch {
        this.shells = { pages: {} };
      }
    }
    return this.shells;
  }

  /**
   * The page for `pathname`; a visitor's (not `member`) public page comes with its prerendered shell,
   * and with the consent banner's while they have not made their cookie choice (not `consented`).
   */
  async page(pathname: string, { member = false, consented = false }: { member?: boolean; consented?: boolean } = {}): Promise<RenderedPage> {
    const { meta, status } = await this.metaFor(pathname);
    const withShell = !member && status === 200 && hasShell(this.pageShells(), pathname);
    const preloads = routePreloadTags(this.routePreloads(), pathname, { withShell });
    const head = [renderHeadTags(headTags(meta, this.origin, pathname)), preloads].filter(Boolean).join('\n    ');
    const html = injectHead(this.indexHtml(), head, SITE_LANG);
    return { status, html: withShell ? injectShell(html, this.pageShells(), pathname, { consentBanner: !consented }) : html };
  }

  async metaFor(pathname: string): Promise<{ meta: PageMeta; status: 200 | 404 }> {
    const match = matchClientRoute(pathname);
    if (!match) return { meta: notFoundMeta(), status: 404 };
    if (match.route === '/offers/$offerId') {
      const offer = await this.repository.activeOffer(match.params.offerId);
      if (!offer) return { meta: notFoundMeta('Offer Not Found'), status: 404 };
      return {
        meta: offerMeta({ id: offer.id, title: offer.title, description: offer.description, image: offer.icon_url, rewardPence: offer.reward_pence, category: offer.category }),
        status: 200,
      };
    }
    if (match.route === '/blog/$slug') {
      const post = await this.repository.publishedPost(match.params.slug);
      if (!post) return { meta: notFoundMeta('Blog post not found'), status: 404 };
      return {
        meta: blogPostMeta({
          slug: post.slug,
          title: post.title,
          description: post.meta_description || post.preview || '',
          image: post.featured_image_url,
          author: post.author,
          publishedAt: isoDate(post.published_at),
          modifiedAt: isoDate(post.updated_at),
        }),
        status: 200,
      };
    }
    return { meta: routeMeta(match.route), status: 200 };
  }

  robotsTxt(): string {
    // Member and admin pages stay crawlable so their noindex is seen; only the API is off limits.
    return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${this.origin}/sitemap.xml`, ''].join('\n');
  }

  async sitemapXml(): Promise<string> {
    const [offers, posts] = await Promise.all([this.repository.activeOffers(SITEMAP_MAX_ROWS), this.repository.publishedPosts(SITEMAP_MAX_ROWS)]);
    const entries: Array<{ path: string; lastmod?: string }> = [
      ...SITEMAP_PATHS.map((path) => ({ path })),
      ...offers.map((o) => ({ path: `/offers/${encodeURIComponent(o.id)}`, lastmod: isoDate(o.updated_at) })),
      ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: isoDate(p.updated_at ?? p.published_at) })),
    ];
    const urls = entries.map(
      ({ path, lastmod }) => `  <url><loc>${escapeHtml(`${this.origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    );
    return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
  }
}
