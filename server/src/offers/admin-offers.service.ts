import { BadRequestException, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FeaturedChangeData, Offer, OfferCatalogueEvent, OfferContent, OfferStatus, OfferStreamEvent } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import { type CatalogueState, featuredCount, normalizeAnchor, type OfferCommand, offerDecider, type OfferState, pageOffset, paging } from '@playquid/domain';
import type { AuthUser } from '../auth/auth.types';
import { Clock } from '../cqrs/clock';
import { OfferRepository } from './offer.repository';
import type { HandleResult } from '../cqrs/command-handler';
import { type LiveOffer, OfferStreams } from './offer-streams';
import { toOffer, viewOfRow, viewOfState } from './offer-view';
import { type CatalogueCommandInput, type OfferCommandInput, RunCatalogueCommand, RunOfferCommand } from './offer.commands';
import type { AdminOfferDto, AdminOffersQueryDto } from './offers.dto';

const actorOf = (admin: AuthUser) => admin.email ?? admin.uid;

/** The content fields an admin body sets (only those given). */
function contentChanges(dto: AdminOfferDto): Partial<OfferContent> {
  const changes: Partial<OfferContent> = {};
  if (dto.title !== undefined) Object.assign(changes, { title: dto.title, productName: dto.title });
  if (dto.description !== undefined) changes.description = dto.description;
  if (dto.icon_url !== undefined) changes.iconUrl = dto.icon_url;
  if (dto.category !== undefined) changes.category = dto.category;
  if (dto.difficulty !== undefined) changes.difficulty = dto.difficulty;
  if (dto.device_platform !== undefined) changes.devicePlatform = dto.device_platform;
  if (dto.reward_pence !== undefined) changes.rewardPence = dto.reward_pence;
  if (dto.click_url !== undefined) changes.clickUrl = dto.click_url;
  return changes;
}

/**
 * Manage Offers. Offer edits are decided on each offer's stream, featured
 * flags on the catalogue stream. Where a change needs both (deleting or un-anchoring a featured
 * offer), the offer is unfeatured first: if the second step fails, what is left is harmless.
 */
@Injectable()
export class AdminOffersService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly streams: OfferStreams,
    private readonly offers: OfferRepository,
    private readonly clock: Clock,
  ) {}

  private runOffer(input: OfferCommandInput, admin: AuthUser): Promise<HandleResult<OfferState, OfferStreamEvent>> {
    return this.commandBus.execute(new RunOfferCommand(input, actorOf(admin)));
  }

  private runCatalogue(input: CatalogueCommandInput, admin: AuthUser): Promise<HandleResult<CatalogueState, OfferCatalogueEvent>> {
    return this.commandBus.execute(new RunCatalogueCommand(input, actorOf(admin)));
  }

  private async offerAfter(state: OfferState): Promise<Offer> {
    const { featured } = await this.streams.catalogue();
    return toOffer(viewOfState(state, state.offerId! in featured), { withClickUrl: true });
  }

  /** An offer leaving the featurable set (deleted, anchor cleared) stops being featured first. */
  private async unfeatureIfFeatured(offer: LiveOffer, reason: string, admin: AuthUser): Promise<void> {
    if (offer.offerId in (await this.streams.catalogue()).featured) {
      await this.runCatalogue({ type: 'UnfeatureOffers', offerIds: [offer.offerId], reason, by: actorOf(admin) }, admin);
    }
  }

  async list(query: AdminOffersQueryDto) {
    const filter = { ...query, devicePlatform: query.device_platform };
    const { rows, total } = await this.offers.page(filter, 'admin', query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map((row) => toOffer(viewOfRow(row), { withClickUrl: true })), ...paging(query.page, query.per_page, total) };
  }

  async create(admin: AuthUser, dto: AdminOfferDto): Promise<Offer> {
    if (!dto.title) throw new BadRequestException('title is required');
    const offerId = randomUUID();
    const content: OfferContent = {
      title: dto.title,
      productName: dto.title,
      description: dto.description ?? '',
      iconUrl: dto.icon_url ?? null,
      rewardPence: dto.reward_pence ?? 0,
      payoutUsd: null,
      category: dto.category ?? 'Games',
      categories: [dto.category ?? 'Games'],
      difficulty: dto.difficulty ?? 'Easy',
      timeToComplete: 'Varies',
      clickUrl: dto.click_url ?? null,
      devicePlatform: dto.device_platform ?? 0,
      requirements: [],
      instructions: [],
      thingsToKnow: [],
      tasks: [],
      confirmationTime: null,
      disclaimer: null,
      supportUrl: null,
    };
    const input = { type: 'CreateOffer', offerId, apiId: offerId, content, anchor: dto.anchor ?? null, status: dto.status ?? 'draft', by: actorOf(admin) } as const;
    return this.offerAfter((await this.runOffer(input, admin)).state);
  }

  async update(admin: AuthUser, idOrApiId: string, dto: AdminOfferDto): Promise<Offer> {
    const changes = contentChanges(dto);
    if (Object.keys(changes).length === 0 && dto.anchor === undefined && dto.status === undefined) throw new BadRequestException('Nothing to update');
    const offer = await this.streams.live(idOrApiId);
    const input = { type: 'UpdateOffer', offerId: offer.offerId, changes, anchor: dto.anchor, status: dto.status, by: actorOf(admin) } as const;
    // Decided once on the current state first, so a refused edit unfeatures nothing.
    offerDecider.decide(this.clock.stamp<OfferCommand>(input), offer);
    if (dto.anchor !== undefined && normalizeAnchor(dto.anchor) === null) await this.unfeatureIfFeatured(offer, 'Anchor cleared', admin);
    return this.offerAfter((await this.runOffer(input, admin)).state);
  }

  async remove(admin: AuthUser, idOrApiId: string): Promise<{ offer_id: string; deleted: true }> {
    const offer = await this.streams.live(idOrApiId);
    await this.unfeatureIfFeatured(offer, 'Offer deleted', admin);
    await this.runOffer({ type: 'DeleteOffer', offerId: offer.offerId, by: actorOf(admin) }, admin);
    return { offer_id: offer.offerId, deleted: true };
  }

  async setAnchor(admin: AuthUser, idOrApiId: string, anchor: string | null): Promise<Offer> {
    const offer = await this.streams.live(idOrApiId);
    if (normalizeAnchor(anchor) === null) await this.unfeatureIfFeatured(offer, 'Anchor cleared', admin);
    return this.offerAfter((await this.runOffer({ type: 'SetOfferAnchor', offerId: offer.offerId, anchor, by: actorOf(admin) }, admin)).state);
  }

  async setStatus(admin: AuthUser, idOrApiId: string, status?: OfferStatus): Promise<Offer> {
    const offer = await this.streams.live(idOrApiId);
    return this.offerAfter((await this.runOffer({ type: 'SetOfferStatus', offerId: offer.offerId, status, by: actorOf(admin) }, admin)).state);
  }

  /**
   * Group featuring: the offer's anchor comes from its stream; the group's members are found
   * through the read table and each confirmed against its own stream before the catalogue decides.
   */
  async setFeatured(admin: AuthUser, idOrApiId: string, featured: boolean): Promise<FeaturedChangeData> {
    const offer = await this.streams.live(idOrApiId);
    const group = offer.anchor ? await this.streams.confirmGroup(offer.anchor, await this.offers.idsWithAnchor(offer.anchor)) : [];
    const { events, state } = await this.runCatalogue(
      { type: 'SetGroupFeatured', offerId: offer.offerId, anchor: offer.anchor, group, featured, by: actorOf(admin) },
      admin,
    );
    return { anchor: offer.anchor, featured, offer_ids: events.map((e) => e.data.offerId), featured_total: featuredCount(state) };
  }

  async clearFeatured(admin: AuthUser): Promise<FeaturedChangeData> {
    const { events, state } = await this.runCatalogue({ type: 'ClearFeatured', by: actorOf(admin) }, admin);
    return { anchor: null, featured: false, offer_ids: events.map((e) => e.data.offerId), featured_total: featuredCount(state) };
  }
}
