import type { OfferContent } from '@playquid/contracts';
import { defineProjection } from '../projection';
import { type Row, TableBatch } from '../table-batch';

type ContentColumns = Partial<
  Omit<Row<'offers'>, 'id' | 'api_id' | 'source' | 'anchor' | 'status' | 'featured' | 'created_at' | 'updated_at' | 'synced_at'>
>;

/** The columns of the content fields present in `content` (events carry only what changed). */
export function contentColumns(content: Partial<OfferContent>): ContentColumns {
  const columns: ContentColumns = {};
  const set = <K extends keyof ContentColumns>(key: K, value: ContentColumns[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('title', content.title);
  set('product_name', content.productName);
  set('description', content.description);
  set('icon_url', content.iconUrl);
  set('reward_pence', content.rewardPence);
  set('payout_usd', content.payoutUsd);
  set('category', content.category);
  set('categories', content.categories);
  set('difficulty', content.difficulty);
  set('time_to_complete', content.timeToComplete);
  set('click_url', content.clickUrl);
  set('device_platform', content.devicePlatform);
  set('requirements', content.requirements);
  set('instructions', content.instructions);
  set('things_to_know', content.thingsToKnow);
  set('events', content.tasks);
  set('confirmation_time', content.confirmationTime);
  set('disclaimer', content.disclaimer);
  set('support_url', content.supportUrl);
  return columns;
}

/** One row per member and offer they started. */
const startId = (d: { uid: string; offerId: string }) => `${d.uid}:${d.offerId}`;

/**
 * The offer catalogue and who started which offer. Featured flags come from the catalogue stream,
 * everything else from each offer's own stream. A deleted offer leaves the table (its events stay).
 */
export const offersProjection = defineProjection({
  name: 'offers',
  tables: ['offers', 'offer_starts'],
  async load(trx, events) {
    const offers = new TableBatch('offers', 'id');
    const starts = new TableBatch('offer_starts', 'id');
    const offerIds: string[] = [];
    const startIds: string[] = [];
    for (const e of events) {
      if (e.type === 'OfferStarted' || e.type === 'OfferProgressReported') startIds.push(startId(e.data));
      else offerIds.push(e.data.offerId);
    }
    await offers.load(trx, offerIds);
    await starts.load(trx, startIds);
    return { offers, starts };
  },
  handlers: {
    OfferCreated: ({ offers }, d) => {
      const c = d.content;
      offers.insert({
        id: d.offerId,
        api_id: d.apiId,
        source: d.source,
        title: c.title,
        product_name: c.productName,
        description: c.description,
        icon_url: c.iconUrl,
        reward_pence: c.rewardPence,
        payout_usd: c.payoutUsd,
        category: c.category,
        categories: c.categories,
        difficulty: c.difficulty,
        time_to_complete: c.timeToComplete,
        click_url: c.clickUrl,
        device_platform: c.devicePlatform,
        anchor: d.anchor,
        status: d.status,
        featured: false,
        requirements: c.requirements,
        instructions: c.instructions,
        things_to_know: c.thingsToKnow,
        events: c.tasks,
        confirmation_time: c.confirmationTime,
        disclaimer: c.disclaimer,
        support_url: c.supportUrl,
        created_at: d.createdAt,
        updated_at: d.createdAt,
        synced_at: d.source === 'bitlabs' ? d.createdAt : null,
      });
    },
    OfferDataSynced: ({ offers }, d) =>
      offers.update(d.offerId, { ...contentColumns(d.changes), updated_at: d.syncedAt, synced_at: d.syncedAt }),
    OfferUpdated: ({ offers }, d) => offers.update(d.offerId, { ...contentColumns(d.changes), updated_at: d.updatedAt }),
    OfferAnchorChanged: ({ offers }, d) => offers.update(d.offerId, { anchor: d.anchor, updated_at: d.changedAt }),
    OfferStatusChanged: ({ offers }, d) => offers.update(d.offerId, { status: d.status, updated_at: d.changedAt }),
    // A flag is not an edit of the offer: updated_at stays.
    OfferFeaturedChanged: ({ offers }, d) => offers.update(d.offerId, { featured: d.featured }),
    OfferDeleted: ({ offers }, d) => offers.delete(d.offerId),
    OfferStarted: ({ starts }, d) => {
      const id = startId(d);
      if (starts.get(id)) starts.update(id, (row) => ({ last_started_at: d.startedAt, start_count: row.start_count + 1 }));
      else {
        starts.insert({
          id,
          uid: d.uid,
          offer_id: d.offerId,
          api_id: d.apiId,
          offer_title: d.offerTitle,
          first_started_at: d.startedAt,
          last_started_at: d.startedAt,
          start_count: 1,
          reported_status: null,
          reported_at: null,
        });
      }
    },
    OfferProgressReported: ({ starts }, d) => starts.update(startId(d), { reported_status: d.status, reported_at: d.reportedAt }),
  },
});
