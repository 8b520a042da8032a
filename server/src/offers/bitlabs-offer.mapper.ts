import { type BitlabsOffer, formatPence, type OfferContent, type OfferTask, parsePounds, parseUsd } from '@playquid/contracts';
import { normalizeAnchor } from '@playquid/domain';
import { createHash } from 'node:crypto';

export interface MappedOffer {
  /** Our id: derived from the BitLabs id, so every sync (and two at once) names the same stream. */
  offerId: string;
  apiId: string;
  anchor: string | null;
  content: OfferContent;
}

const OFFER_ID_NAMESPACE = 'playquid:bitlabs-offer:';

/** A stable UUID (v5 layout, SHA-1) for a BitLabs offer id. */
export function offerIdForApiId(apiId: string): string {
  const bytes = createHash('sha1').update(OFFER_ID_NAMESPACE + apiId).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const PLATFORM_NAMES = /^(android|ios|iphone|ipad|web|desktop|pc|mobile)$/i;

/**
 * 1 Android, 2 iOS, 0 web/universal. The feed's device targeting decides; without it the
 * platform names among the categories do. An offer for both phones is universal.
 */
export function devicePlatformOf(offer: Pick<BitlabsOffer, 'device_targeting' | 'categories'>): 0 | 1 | 2 {
  const targeted = (offer.device_targeting?.devices ?? []).map((d) => d.toLowerCase());
  const names = targeted.length > 0 ? targeted : offer.categories.map((c) => c.toLowerCase());
  const android = names.some((n) => n.includes('android'));
  const ios = names.some((n) => n === 'ios' || n.includes('iphone') || n.includes('ipad'));
  if (android && !ios) return 1;
  if (ios && !android) return 2;
  return 0;
}

function duration(minutes: number | null): string {
  if (minutes === null) return 'Varies';
  if (minutes < 60) return `${minutes} minutes`;
  if (minutes < 1_440) return `${Math.round(minutes / 60)} hours`;
  const days = Math.round(minutes / 1_440);
  return days === 1 ? '1 day' : `${days} days`;
}

/** BitLabs sends no difficulty: purchases or a week of play are Hard, a day or four milestones Medium. */
function difficultyOf(tasks: OfferTask[], longest: number | null): OfferContent['difficulty'] {
  if (tasks.some((t) => t.typeId === 3) || (longest ?? 0) >= 7 * 1_440) return 'Hard';
  if ((longest ?? 0) >= 1_440 || tasks.length >= 4) return 'Medium';
  return 'Easy';
}

const lines = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n|(?<=\.)\s+(?=[A-Z])/)
    .map((line) => line.trim())
    .filter(Boolean);

/** BitLabs sends numbers or decimal strings; exact minor units via contracts' decimal parser. */
const decimal = (value: number | string | undefined): string => (typeof value === 'number' ? value.toFixed(6) : (value ?? '').trim());

export function mapBitlabsOffer(offer: BitlabsOffer): MappedOffer {
  const apiId = String(offer.id);
  const anchor = normalizeAnchor(offer.anchor);
  const title = anchor ?? `Offer ${apiId}`;
  const tasks: OfferTask[] = offer.events.map((event) => ({
    eventId: event.uuid,
    name: event.name.trim(),
    typeId: event.type_id,
    rewardPence: parsePounds(decimal(event.points)) ?? 0,
    payoutUsd: parseUsd(decimal(event.payout)),
    ttcMinutes: event.ttc_minutes ?? null,
  }));
  const taskPence = tasks.reduce((sum, t) => sum + t.rewardPence, 0);
  const payouts = tasks.map((t) => t.payoutUsd).filter((p): p is number => p !== null);
  const longest = tasks.reduce<number | null>((max, t) => (t.ttcMinutes === null ? max : Math.max(max ?? 0, t.ttcMinutes)), null);
  const genres = [...(offer.app_metadata?.categories ?? []), ...offer.categories.filter((c) => !PLATFORM_NAMES.test(c))];
  const expiring = offer.events.filter((e) => e.expires_at).map((e) => `"${e.name.trim()}" must be reached by ${e.expires_at!.slice(0, 10)}.`);
  return {
    offerId: offerIdForApiId(apiId),
    apiId,
    anchor,
    content: {
      title,
      productName: title,
      description: offer.description.trim(),
      iconUrl: offer.icon_url || null,
      rewardPence: tasks.length > 0 ? taskPence : (parsePounds(decimal(offer.total_points)) ?? 0),
      payoutUsd: payouts.length > 0 ? payouts.reduce((a, b) => a + b, 0) : null,
      category: genres[0] ?? 'Games',
      categories: [...new Set([...offer.categories, ...genres])],
      difficulty: difficultyOf(tasks, longest),
      timeToComplete: duration(longest),
      clickUrl: offer.click_url || null,
      devicePlatform: devicePlatformOf(offer),
      requirements: lines(offer.requirements),
      instructions: [
        `Tap Start so ${title} is opened through PlayQuid and your progress is tracked.`,
        ...tasks.map((t) => `${t.name}: earn ${formatPence(t.rewardPence)}.`),
      ],
      thingsToKnow: [
        ...(offer.confirmation_time ? [`Rewards are confirmed by the game's publisher: ${offer.confirmation_time.trim()}.`] : []),
        ...expiring,
        ...lines(offer.disclaimer),
      ],
      tasks,
      confirmationTime: offer.confirmation_time?.trim() || null,
      disclaimer: offer.disclaimer?.trim() || null,
      supportUrl: offer.support_url || null,
    },
  };
}
