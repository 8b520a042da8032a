import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type Balance,
  type Offer,
  type OfferCategory,
  type OfferProgressData,
  type OffersDebugData,
  type OfferStartData,
  type OfferStatus,
  penceToPounds,
  type SiteStats,
} from '@playquid/contracts';
import { DomainError, OFFER_NOT_FOUND, offerFacets, pageOffset, paging, platformsForDevice } from '@playquid/domain';
import type { AuthUser } from '../auth/auth.types';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OfferSyncProcessor } from './offer-sync.processor';
import { OfferRepository } from './offer.repository';
import { WalletService } from '../wallet/wallet.service';
import { OfferStatsRepository } from './offer-stats.repository';
import { OfferStreams } from './offer-streams';
import { toOffer, viewOfRow } from './offer-view';
import { RunOfferStartsCommand } from './offer.commands';
import type { OfferProgressDto, OffersQueryDto } from './offers.dto';

/** The member's own tracking link: BitLabs placeholders are filled in, otherwise `uid` is added. */
export function trackingLink(clickUrl: string, uid: string): string {
  if (/\[%USER:UID%\]|\{uid\}/.test(clickUrl)) return clickUrl.replace(/\[%USER:UID%\]|\{uid\}/g, encodeURIComponent(uid));
  const url = new URL(clickUrl);
  url.searchParams.set('uid', uid);
  return url.toString();
}

/** The public offer calls. Reads come from the read tables only. */
@Injectable()
export class OffersService {
  constructor(
    private readonly offers: OfferRepository,
    private readonly stats: OfferStatsRepository,
    private readonly streams: OfferStreams,
    private readonly commandBus: CommandBus,
    private readonly wallet: WalletService,
    private readonly sync: OfferSyncProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: OffersQueryDto) {
    const filter = { ...query, status: 'active' as const, devicePlatform: query.device_platform };
    if (query.device) {
      // One card per game for the visitor's device, paged by game, with the filter values it has.
      const platforms = platformsForDevice(query.device);
      const [{ rows, total }, facets] = await Promise.all([
        this.offers.gamesPage(filter, platforms, query.sort, query.per_page, pageOffset(query.page, query.per_page)),
        this.offers.facets(platforms),
      ]);
      return {
        data: rows.map((row) => toOffer(viewOfRow(row))),
        ...paging(query.page, query.per_page, total),
        facets: offerFacets(facets),
      };
    }
    const { rows, total } = await this.offers.page(filter, query.sort, query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map((row) => toOffer(viewOfRow(row))), ...paging(query.page, query.per_page, total) };
  }

  async featured(limit: number): Promise<Offer[]> {
    return (await this.offers.featured(limit)).map((row) => toOffer(viewOfRow(row)));
  }

  /**
   * One offer by our id or the BitLabs id. Visitors and members see active offers only (admins
   * every status); a signed-in member also sees which of its tasks they completed.
   */
  async detail(idOrApiId: string, auth?: AuthUser): Promise<Offer> {
    const row = await this.offers.find(idOrApiId);
    if (!row || (row.status !== 'active' && !auth?.isAdmin)) throw new DomainError(OFFER_NOT_FOUND, 'not_found');
    const credits = auth ? await this.offers.memberCredits(auth.uid, row.api_id) : [];
    const completedTasks = new Set(credits.flatMap((c) => [c.task_id, c.task_name].filter((t): t is string => t !== null)));
    // A credit naming no task stands for one task of its own.
    const creditedTasks = new Set(credits.map((c, index) => c.task_id ?? c.task_name ?? `credit-${index}`)).size;
    return toOffer(viewOfRow(row), { completedTasks, creditedTasks, withClickUrl: auth?.isAdmin });
  }

  categories(): Promise<OfferCategory[]> {
    return this.offers.categories();
  }

  /** Records the start (a second one too) and hands out the member's own tracking link. */
  async start(auth: AuthUser, idOrApiId: string): Promise<OfferStartData> {
    const offer = await this.streams.live(idOrApiId);
    const content = offer.content!;
    await this.commandBus.execute(
      new RunOfferStartsCommand({
        type: 'StartOffer',
        uid: auth.uid,
        offerId: offer.offerId,
        apiId: offer.apiId,
        offerTitle: content.title,
        offerStatus: offer.status,
        hasClickUrl: content.clickUrl !== null,
      }),
    );
    return { click_url: trackingLink(content.clickUrl!, auth.uid), offer_id: offer.offerId };
  }

  async progress(auth: AuthUser, idOrApiId: string, dto: OfferProgressDto): Promise<OfferProgressData> {
    const offer = await this.streams.live(idOrApiId);
    const status = dto.status ?? 'in_progress';
    await this.commandBus.execute(
      new RunOfferStartsCommand({ type: 'ReportOfferProgress', uid: auth.uid, offerId: offer.offerId, apiId: offer.apiId, status }),
    );
    return { offer_id: offer.offerId, status };
  }

  /** GET /offers/balance/{userId}, for the member themself or an admin. */
  async balance(auth: AuthUser, userId: string): Promise<Balance> {
    if (auth.uid !== userId && !auth.isAdmin) throw new ForbiddenException('You can only see your own balance');
    return this.wallet.balance(userId);
  }

  async siteStats(): Promise<SiteStats> {
    const stats = await this.stats.siteStats(new Date());
    return {
      total_earnings_amount: penceToPounds(stats.totalEarnedPence),
      total_earnings_pence: stats.totalEarnedPence,
      active_users_count: stats.activeUsers,
      total_challenges_completed: stats.challengesCompleted,
      min_payout_pence: this.config.minPayoutPence,
    };
  }

  async debug(): Promise<OffersDebugData> {
    const [c, sync] = await Promise.all([this.offers.catalogueCounts(), this.sync.status()]);
    return {
      catalogue: {
        total: c.total,
        by_status: { active: c.active, inactive: c.inactive, draft: c.draft } satisfies Record<OfferStatus, number>,
        featured: c.featured,
        by_source: { bitlabs: c.bitlabs, manual: c.manual },
        by_platform: { web: c.web, android: c.android, ios: c.ios, pc: c.pc },
        anchors: c.anchors,
      },
      sync,
    };
  }
}
