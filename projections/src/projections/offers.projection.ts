import type { OfferContent } from '@playquid/contracts';
import type { DB, OffersTable } from '@playquid/read-db';
import type { Transaction, Updateable } from 'kysely';
import { defineProjection } from '../projection';

type ContentColumns = Omit<
  Updateable<OffersTable>,
  'id' | 'api_id' | 'source' | 'anchor' | 'status' | 'featured' | 'created_at' | 'updated_at' | 'synced_at'
>;

/** The columns of the content fields present in `content` (events carry only what changed). */
export function contentColumns(content: Partial<OfferContent>): ContentColumns {
  const json = (value: unknown) => JSON.stringify(value);
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
  set('categories', content.categories && json(content.categories));
  set('difficulty', content.difficulty);
  set('time_to_complete', content.timeToComplete);
  set('click_url', content.clickUrl);
  set('device_platform', content.devicePlatform);
  set('requirements', content.requirements && json(content.requirements));
  set('instructions', content.instructions && json(content.instructions));
  set('things_to_know', content.thingsToKnow && json(content.thingsToKnow));
  set('events', content.tasks && json(content.tasks));
  set('confirmation_time', content.confirmationTime);
  set('disclaimer', content.disclaimer);
  set('support_url', content.supportUrl);
  return columns;
}

async function update(trx: Transaction<DB>, offerId: string, changes: Updateable<OffersTable>): Promise<void> {
  await trx.updateTable('offers').set(changes).where('id', '=', offerId).execute();
}

/**
 * The offer catalogue and who started which offer. Featured flags come from the catalogue stream,
 * everything else from each offer's own stream. A deleted offer leaves the table (its events stay).
 */
export const offersProjection = defineProjection({
  name: 'offers',
  tables: ['offers', 'offer_starts'],
  handlers: {
    OfferCreated: async (trx, d) => {
      const c = d.content;
      await trx
        .insertInto('offers')
        .values({
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
          categories: JSON.stringify(c.categories),
          difficulty: c.difficulty,
          time_to_complete: c.timeToComplete,
          click_url: c.clickUrl,
          device_platform: c.devicePlatform,
          anchor: d.anchor,
          status: d.status,
          featured: false,
          requirements: JSON.stringify(c.requirements),
          instructions: JSON.stringify(c.instructions),
          things_to_know: JSON.stringify(c.thingsToKnow),
          events: JSON.stringify(c.tasks),
          confirmation_time: c.confirmationTime,
          disclaimer: c.disclaimer,
          support_url: c.supportUrl,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          synced_at: d.source === 'bitlabs' ? d.createdAt : null,
        })
        .execute();
    },
    OfferDataSynced: (trx, d) => update(trx, d.offerId, { ...contentColumns(d.changes), updated_at: d.syncedAt, synced_at: d.syncedAt }),
    OfferUpdated: (trx, d) => update(trx, d.offerId, { ...contentColumns(d.changes), updated_at: d.updatedAt }),
    OfferAnchorChanged: (trx, d) => update(trx, d.offerId, { anchor: d.anchor, updated_at: d.changedAt }),
    OfferStatusChanged: (trx, d) => update(trx, d.offerId, { status: d.status, updated_at: d.changedAt }),
    // A flag is not an edit of the offer: updated_at stays.
    OfferFeaturedChanged: (trx, d) => update(trx, d.offerId, { featured: d.featured }),
    OfferDeleted: async (trx, d) => {
      await trx.deleteFrom('offers').where('id', '=', d.offerId).execute();
    },
    OfferStarted: async (trx, d) => {
      await trx
        .insertInto('offer_starts')
        .values({
          id: `${d.uid}:${d.offerId}`,
          uid: d.uid,
          offer_id: d.offerId,
          api_id: d.apiId,
          offer_title: d.offerTitle,
          first_started_at: d.startedAt,
          last_started_at: d.startedAt,
          start_count: 1,
          reported_status: null,
          reported_at: null,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({ last_started_at: d.startedAt, start_count: eb(eb.ref('offer_starts.start_count'), '+', 1) })),
        )
        .execute();
    },
    OfferProgressReported: async (trx, d) => {
      await trx
        .updateTable('offer_starts')
        .set({ reported_status: d.status, reported_at: d.reportedAt })
        .where('id', '=', `${d.uid}:${d.offerId}`)
        .execute();
    },
  },
});
