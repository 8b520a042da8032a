import { type BitlabsStandin, startBitlabsStandin } from '@playquid/standins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePlatformOf, mapBitlabsOffer, offerIdForApiId } from './bitlabs-offer.mapper';
import { BitlabsApiError, BitlabsOffersClient } from './bitlabs-offers.client';

const TOKEN = 'standin-token';
let standin: BitlabsStandin;
beforeAll(async () => {
  standin = await startBitlabsStandin({ port: 0, apiToken: TOKEN });
});
afterAll(() => standin?.close());

const client = (token = TOKEN) => new BitlabsOffersClient({ apiUrl: standin.url, apiToken: token });

describe('BitLabs offers client and mapper against the stand-in', () => {
  it('reads the whole feed and maps each offer onto one platform, games on several sharing an anchor', async () => {
    const offers = (await client().publisherOffers()).map(mapBitlabsOffer);
    expect(offers.length).toBe(standin.offers.length);
    const platforms = offers.map((o) => o.content.devicePlatform);
    for (const platform of [0, 1, 2]) expect(platforms.filter((p) => p === platform).length).toBeGreaterThanOrEqual(10);
    const byAnchor = new Map<string, number[]>();
    for (const o of offers) byAnchor.set(o.anchor!, [...(byAnchor.get(o.anchor!) ?? []), o.content.devicePlatform]);
    expect(byAnchor.get('Raid Legends Arena')).toEqual([1, 2]);
    expect(byAnchor.get('Sudoku Master')).toEqual([1, 2, 0]);
  });

  it('maps an offer into our content: tasks with type, reward and payout, platform, anchor, stable id', async () => {
    const raw = standin.offers.find((o) => o.id === 5011)!;
    const mapped = mapBitlabsOffer(raw);
    expect(mapped).toMatchObject({ apiId: '5011', anchor: 'Dragon Clash', offerId: offerIdForApiId('5011') });
    expect(mapped.offerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(mapped.content).toMatchObject({
      title: 'Dragon Clash',
      devicePlatform: 1,
      category: 'Strategy',
      categories: ['Android', 'Strategy'],
      difficulty: 'Hard',
      clickUrl: `${standin.url}/click/5011`,
      iconUrl: `${standin.url}/icons/dragon-clash.svg`,
      confirmationTime: 'Up to 30 days',
    });
    expect(mapped.content.tasks.map((t) => [t.name, t.typeId])).toEqual([
      ['Install and finish the tutorial', 1],
      ['Upgrade your HQ to level 10', 2],
      ['Upgrade your HQ to level 18', 2],
      ['Buy the starter pack', 3],
    ]);
    const [install] = raw.events;
    expect(mapped.content.tasks[0]).toMatchObject({ eventId: install.uuid, rewardPence: Math.round(Number(install.points) * 100), payoutUsd: Math.round(Number(install.payout) * 10_000) });
    expect(mapped.content.rewardPence).toBe(mapped.content.tasks.reduce((sum, t) => sum + t.rewardPence, 0));
    expect(mapped.content.instructions[0]).toBe('Tap Start so Dragon Clash is opened through PlayQuid and your progress is tracked.');
  });

  it('reads the platform from device targeting, else from the categories', () => {
    expect(devicePlatformOf({ device_targeting: { devices: ['iphone', 'ipad'] }, categories: [] })).toBe(2);
    expect(devicePlatformOf({ device_targeting: { devices: ['android', 'iphone'] }, categories: ['Android'] })).toBe(0);
    expect(devicePlatformOf({ device_targeting: null, categories: ['Android', 'RPG'] })).toBe(1);
    expect(devicePlatformOf({ categories: ['Puzzle'] })).toBe(0);
  });

  it('sends the BitLabs headers and turns error envelopes into BitlabsApiError', async () => {
    await expect(client('wrong').publisherOffers()).rejects.toMatchObject({ name: 'BitlabsApiError', status: 401, message: expect.stringContaining('Invalid API token') });
    standin.failNextFeeds(503);
    const failure = await client().publisherOffers().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BitlabsApiError);
    expect(failure).toMatchObject({ status: 503, retryable: true, traceId: expect.stringMatching(/^standin-/) });
    const seen: Record<string, string>[] = [];
    const spy: typeof fetch = async (input, init) => {
      seen.push(Object.fromEntries(Object.entries(init?.headers ?? {})));
      return fetch(input, init);
    };
    await new BitlabsOffersClient({ apiUrl: standin.url, apiToken: TOKEN }, spy).publisherOffers();
    expect(seen[0]).toMatchObject({ 'X-Api-Token': TOKEN, 'X-User-Id': 'playquid-server', 'User-Agent': expect.stringContaining('PlayQuid') });
  });
});
