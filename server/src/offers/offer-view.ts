import {
  type DevicePlatform,
  type Offer,
  type OfferContent,
  type OfferDifficulty,
  type OfferStatus,
  penceToPounds,
} from '@playquid/contracts';
import type { OfferListRow } from './offer.repository';
import type { OfferState } from '@playquid/domain';

/** One offer as both the read table and a fold of its stream can describe it. */
export interface OfferView {
  id: string;
  apiId: string;
  source: 'bitlabs' | 'manual';
  content: OfferContent;
  anchor: string | null;
  status: OfferStatus;
  featured: boolean;
  createdAt: string;
  totalCompletions: number;
  /** Distinct members with a completion (approved or paid credit) of this offer. */
  membersCompleted: number;
}

export interface OfferViewOptions {
  /** The tracking link without the member: admins see it; members get theirs from the start call. */
  withClickUrl?: boolean;
  /** Task ids or names the signed-in member has credits for. */
  completedTasks?: ReadonlySet<string>;
  /**
   * How many distinct tasks of this offer the member was credited for (not reversed). A partner's
   * task id need not match the catalogue's event id, so this counts even when no event is ticked.
   */
  creditedTasks?: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export const viewOfRow = (row: OfferListRow): OfferView => ({
  id: row.id,
  apiId: row.api_id,
  source: row.source as OfferView['source'],
  anchor: row.anchor,
  status: row.status as OfferStatus,
  featured: row.featured,
  createdAt: iso(row.created_at),
  totalCompletions: row.total_completions,
  membersCompleted: row.members_completed,
  content: {
    title: row.title,
    productName: row.product_name,
    description: row.description,
    iconUrl: row.icon_url,
    rewardPence: row.reward_pence,
    payoutUsd: row.payout_usd,
    category: row.category,
    categories: row.categories,
    difficulty: row.difficulty as OfferDifficulty,
    timeToComplete: row.time_to_complete,
    clickUrl: row.click_url,
    devicePlatform: row.device_platform as DevicePlatform,
    requirements: row.requirements,
    instructions: row.instructions,
    thingsToKnow: row.things_to_know,
    tasks: row.events,
    confirmationTime: row.confirmation_time,
    disclaimer: row.disclaimer,
    supportUrl: row.support_url,
  },
});

/** The offer as a command just left it (the read table shows it a moment later). */
export const viewOfState = (state: OfferState, featured: boolean): OfferView => ({
  id: state.offerId!,
  apiId: state.apiId!,
  source: state.source!,
  content: state.content!,
  anchor: state.anchor,
  status: state.status,
  featured,
  createdAt: state.createdAt!,
  totalCompletions: 0,
  membersCompleted: 0,
});

/** The member's real progress, x of the offer's y tasks: ticked events, or their credits when more, never past y. */
export function completedTaskCount(ticked: number, credited: number, total: number): number {
  const done = Math.max(ticked, credited);
  return total > 0 ? Math.min(done, total) : done;
}

/** The API shape: pounds beside exact pence, tasks as "events". */
export function toOffer(view: OfferView, options: OfferViewOptions = {}): Offer {
  const c = view.content;
  const done = options.completedTasks ?? new Set<string>();
  const events = c.tasks.map((task) => ({
    event_id: task.eventId,
    name: task.name,
    type_id: task.typeId,
    payout: penceToPounds(task.rewardPence),
    payout_pence: task.rewardPence,
    original_amount: task.payoutUsd ?? 0,
    // No margin is applied on top of BitLabs' figure yet: adjusted equals original.
    adjusted_amount: task.payoutUsd ?? 0,
    is_completed: done.has(task.eventId) || done.has(task.name),
  }));
  return {
    id: view.id,
    api_id: view.apiId,
    title: c.title,
    name: c.title,
    product_name: c.productName,
    description: c.description,
    icon_url: c.iconUrl,
    reward_amount: penceToPounds(c.rewardPence),
    reward_pence: c.rewardPence,
    // "Up to": every task together, the same figure as reward_amount, in pounds.
    total_max_payout: penceToPounds(c.rewardPence),
    category: c.category,
    categories: c.categories,
    difficulty: c.difficulty,
    time_to_complete: c.timeToComplete,
    featured: view.featured,
    click_url: options.withClickUrl ? c.clickUrl : null,
    device_platform: c.devicePlatform,
    anchor: view.anchor,
    created_at: view.createdAt,
    requirements: c.requirements,
    instructions: c.instructions,
    things_to_know: c.thingsToKnow,
    events,
    completed_tasks_count: completedTaskCount(events.filter((e) => e.is_completed).length, options.creditedTasks ?? 0, events.length),
    total_completions: view.totalCompletions,
    members_completed: view.membersCompleted,
    source: view.source,
    status: view.status,
    confirmation_time: c.confirmationTime,
    disclaimer: c.disclaimer,
    support_url: c.supportUrl,
  };
}
