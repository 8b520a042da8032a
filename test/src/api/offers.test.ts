import { streams } from '@playquid/contracts';
import type { EmulatorUser } from '@playquid/scripts';
import { OfferSyncService } from '@playquid/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, makeAdmin, signedPath } from '../support/money';
import { catalogueCount, OFFER_KEYS, offerIdOf, offerRowWhere, type OffersStack, startOffersStack, streamTypes } from '../support/offers';
import { eventually, type Stack } from '../support/stack';

let env: OffersStack;
let stack: Stack;
let member: EmulatorUser;
let admin: EmulatorUser;
let total: number;
beforeAll(async () => {
  env = await startOffersStack();
  stack = env.stack;
  total = env.standin.offers.length;
  [member, admin] = await Promise.all([registeredMember(stack), registeredMember(stack, { label: 'admin' })]);
  await makeAdmin(stack, admin);
});
afterAll(() => env?.close());

const get = (path: string, user?: EmulatorUser) => (user ? stack.http.get(path).set('authorization', bearer(user)) : stack.http.get(path));

describe('GET /api/offers/alloffers', () => {
  it('lists the active catalogue, highest reward first, in the envelope with paging', async () => {
    const body = (await get('/api/offers/alloffers').expect(200)).body;
    expect(body).toMatchObject({ success: true, message: 'Offers loaded', page: 1, per_page: 100, total, total_pages: 1 });
    expect(body.data).toHaveLength(total);
    expect(Object.keys(body.data[0]).sort()).toEqual(OFFER_KEYS);
    const rewards = body.data.map((o: { reward_pence: number }) => o.reward_pence);
    expect(rewards).toEqual([...rewards].sort((a, b) => b - a));

    const dragon = body.data.find((o: { api_id: string }) => o.api_id === '5011');
    expect(dragon).toMatchObject({
      title: 'Dragon Clash',
      name: 'Dragon Clash',
      anchor: 'Dragon Clash',
      device_platform: 1,
      category: 'Strategy',
      status: 'active',
      source: 'bitlabs',
      featured: false,
      click_url: null,
      icon_url: `${env.standin.url}/icons/dragon-clash.svg`,
      completed_tasks_count: 0,
    });
    expect(dragon.reward_amount).toBe(dragon.reward_pence / 100);
    expect(dragon.events[0]).toEqual({
      event_id: '5011-1',
      name: 'Install and finish the tutorial',
      type_id: 1,
      payout: expect.any(Number),
      payout_pence: expect.any(Number),
      original_amount: expect.any(Number),
      adjusted_amount: expect.any(Number),
      is_completed: false,
    });
  });

  it('filters by search (title or description, any case), category, difficulty, platform and featured', async () => {
    const titles = async (query: string) => (await get(`/api/offers/alloffers?${query}`).expect(200)).body.data.map((o: { title: string }) => o.title);
    expect(await titles('search=DRAGON')).toEqual(['Dragon Clash']);
    expect((await titles('search=strategy%20game')).length).toBeGreaterThan(3); // only in descriptions
    expect(await titles('search=100%25')).toEqual([]); // % is text, not a wildcard

    const puzzles = (await get('/api/offers/alloffers?category=puzzle').expect(200)).body;
    expect(puzzles.total).toBeGreaterThan(5);
    expect(puzzles.data.every((o: { category: string }) => o.category === 'Puzzle')).toBe(true);
    const hard = (await get('/api/offers/alloffers?difficulty=Hard').expect(200)).body.data;
    expect(hard.length).toBeGreaterThan(0);
    expect(hard.every((o: { difficulty: string }) => o.difficulty === 'Hard')).toBe(true);
    expect((await get('/api/offers/alloffers?difficulty=all').expect(200)).body.total).toBe(total);
    const ios = (await get('/api/offers/alloffers?device_platform=2').expect(200)).body.data;
    expect(ios.length).toBeGreaterThan(10);
    expect(ios.every((o: { device_platform: number }) => o.device_platform === 2)).toBe(true);
    expect((await get('/api/offers/alloffers?featured=true').expect(200)).body.total).toBe(0);
  });

  it('sorts and pages', async () => {
    const newest = (await get('/api/offers/alloffers?sort=newest&per_page=10&page=2').expect(200)).body;
    expect(newest).toMatchObject({ page: 2, per_page: 10, total, total_pages: Math.ceil(total / 10) });
    expect(newest.data).toHaveLength(10);
    await get('/api/offers/alloffers?sort=most_popular').expect(200);
    await get('/api/offers/alloffers?sort=best_rated').expect(200);
  });

  it('with device: one offer per game playable on that device, paged by game, with the filter values it has', async () => {
    const all = (await get('/api/offers/alloffers').expect(200)).body.data as Array<{ id: string; anchor: string | null; device_platform: number; reward_pence: number; category: string }>;
    const gameOf = (o: { id: string; anchor: string | null }) => o.anchor?.trim() || o.id;
    const androidGames = new Set(all.filter((o) => [0, 1].includes(o.device_platform)).map(gameOf));

    const first = (await get('/api/offers/alloffers?device=android&per_page=12').expect(200)).body;
    expect(first).toMatchObject({ page: 1, per_page: 12, total: androidGames.size, total_pages: Math.ceil(androidGames.size / 12) });
    expect(first.data).toHaveLength(12);
    const rest = (await get(`/api/offers/alloffers?device=android&per_page=100&page=1`).expect(200)).body.data as typeof all;
    expect(rest.map(gameOf)).toHaveLength(androidGames.size);
    expect(new Set(rest.map(gameOf))).toEqual(androidGames);
    // Never the other store's listing (nor PC/Web) on a phone; richest first, as asked.
    expect(rest.every((o) => o.device_platform === 0 || o.device_platform === 1)).toBe(true);
    expect(rest.map((o) => o.reward_pence)).toEqual(rest.map((o) => o.reward_pence).sort((a, b) => b - a));
    const page2 = (await get('/api/offers/alloffers?device=android&per_page=12&page=2').expect(200)).body.data as typeof all;
    expect(page2.map(gameOf).some((game) => first.data.map(gameOf).includes(game))).toBe(false);

    // A desktop sees every game once: a game on both stores is one card.
    const desktop = (await get('/api/offers/alloffers?device=desktop&per_page=100').expect(200)).body;
    expect(desktop.total).toBe(new Set(all.map(gameOf)).size);
    expect(desktop.total).toBeLessThan(all.length);
    // The filter values offered are the ones some offer has, and no store name is a category.
    expect(first.facets.categories).toEqual([...new Set(all.filter((o) => [0, 1].includes(o.device_platform)).map((o) => o.category))].sort((a, b) => a.localeCompare(b)));
    expect(first.facets.platforms).toEqual([...new Set(all.filter((o) => [0, 1].includes(o.device_platform)).map((o) => o.device_platform))].sort());
    expect(first.facets.categories).not.toContain('Android');

    expect((await get('/api/offers/alloffers?device=fridge').expect(400)).body.message).toBe('device must be one of android, ios, desktop');
  });

  it('answers 400 with a clear message for bad filters', async () => {
    const cases: Array<[string, string]> = [
      ['per_page=101', 'per_page must be a whole number between 1 and 100'],
      ['page=0', 'page must be a whole number between 1 and 100000'],
      ['sort=cheapest', 'sort must be one of highest_reward, best_rated, most_popular, newest'],
      ['difficulty=Extreme', 'difficulty must be one of Easy, Medium, Hard'],
      ['device_platform=7', 'device_platform must be 0, 1, 2 or 3'],
      ['status=deleted', 'status must be active: the public list has active offers only (admins use /api/admin/offers)'],
      ['featured=maybe', 'featured must be true or false'],
    ];
    for (const [query, message] of cases) {
      const body = (await get(`/api/offers/alloffers?${query}`).expect(400)).body;
      expect(body, query).toMatchObject({ success: false, message, data: null });
    }
  });
});

describe('GET /api/offers/alloffers shows visitors published offers only', () => {
  it('keeps draft and inactive offers out, and refuses a status filter other than active (400)', async () => {
    const draft = (await stack.http.post('/api/admin/offers').set('authorization', bearer(admin)).send({ title: 'Secret Draft', reward_pence: 900 }).expect(201)).body
      .data.offer;
    await offerRowWhere(stack, draft.id, (row) => row.status === 'draft');
    const message = 'status must be active: the public list has active offers only (admins use /api/admin/offers)';
    for (const status of ['draft', 'inactive', 'all']) {
      expect((await get(`/api/offers/alloffers?status=${status}`).expect(400)).body, status).toMatchObject({ success: false, message, data: null });
    }
    for (const query of ['', '?status=active']) {
      const body = (await get(`/api/offers/alloffers${query}`).expect(200)).body;
      expect(body.total).toBe(total);
      expect(body.data.every((o: { status: string }) => o.status === 'active')).toBe(true);
      expect(body.data.map((o: { id: string }) => o.id)).not.toContain(draft.id);
    }
    // Admins still see every status on their own list.
    const drafts = (await stack.http.get('/api/admin/offers?status=draft').set('authorization', bearer(admin)).expect(200)).body.data;
    expect(drafts.map((o: { id: string }) => o.id)).toContain(draft.id);
    // The catalogue counts of the later tests know nothing of this draft.
    await stack.http.delete(`/api/admin/offers/${draft.id}`).set('authorization', bearer(admin)).expect(200);
    await eventually(async () => ((await stack.db.selectFrom('offers').select('id').where('id', '=', draft.id).executeTakeFirst()) ? undefined : true));
  });
});

describe('GET /api/offers/{id}, featured, categories', () => {
  it('finds an offer by our id or by its BitLabs id, and says "Offer not found" otherwise', async () => {
    const id = await offerIdOf(stack, 5011);
    const byId = (await get(`/api/offers/${id}`).expect(200)).body;
    expect(byId).toMatchObject({ success: true, data: { offer: { id, api_id: '5011', title: 'Dragon Clash' } } });
    expect((await get('/api/offers/5011').expect(200)).body.data.offer.id).toBe(id);
    const missing = (await get('/api/offers/nope').expect(404)).body;
    expect(missing).toMatchObject({ success: false, message: 'Offer not found', detail: 'Offer not found' });
  });

  it('marks the tasks a signed-in member completed', async () => {
    const player = await registeredMember(stack, { label: 'player' });
    await stack.http
      .get(signedPath({ uid: player.uid, amount: '0.40', tx: 'o-offer-task-1', offerId: '5011', offerName: 'Dragon Clash', taskName: 'Install and finish the tutorial' }))
      .expect(200);
    const offer = await eventually(async () => {
      const o = (await get('/api/offers/5011', player).expect(200)).body.data.offer;
      return o.completed_tasks_count === 1 ? o : undefined;
    });
    expect(offer.events.map((e: { is_completed: boolean }) => e.is_completed)).toEqual([true, false, false, false]);
    expect((await get('/api/offers/5011').expect(200)).body.data.offer.completed_tasks_count).toBe(0);
  });

  it('lists categories with counts, and featured offers (active and featured only, default 6, max 16)', async () => {
    const categories = (await get('/api/offers/categories/list').expect(200)).body.data;
    expect(categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(total);
    expect(categories[0]).toEqual({ name: expect.any(String), count: expect.any(Number) });

    expect((await get('/api/offers/featured').expect(200)).body).toEqual({ success: true, message: 'Featured offers loaded', data: [] });
    expect((await get('/api/offers/featured?limit=17').expect(400)).body.message).toBe('limit must be between 1 and 16');
    // Featuring Raid Legends Arena features both of its platforms' offers.
    const raid = await offerIdOf(stack, 5001);
    await stack.http.put(`/api/admin/offers/${raid}/featured?featured=true`).set('authorization', bearer(admin)).expect(200);
    const featured = await eventually(async () => {
      const data = (await get('/api/offers/featured?limit=16').expect(200)).body.data;
      return data.length === 2 ? data : undefined;
    });
    expect(featured.map((o: { api_id: string }) => o.api_id).sort()).toEqual(['5001', '5002']);
    expect((await get('/api/offers/featured?limit=1').expect(200)).body.data).toHaveLength(1);
    await stack.http.put(`/api/admin/offers/${raid}/status`).set('authorization', bearer(admin)).expect(200);
    await eventually(async () => ((await get('/api/offers/featured').expect(200)).body.data.length === 1 ? true : undefined));
    expect((await get(`/api/offers/${raid}`).expect(404)).body.message).toBe('Offer not found');
    expect((await get(`/api/offers/${raid}`, admin).expect(200)).body.data.offer).toMatchObject({ status: 'inactive', featured: true });
    await stack.http.put(`/api/admin/offers/${raid}/status?new_status=active`).set('authorization', bearer(admin)).expect(200);
    await catalogueCount(stack, total, 'active');
  });
});

describe('POST /api/offers/{id}/start and PUT /progress', () => {
  it('turns visitors away (401) and hands a member their tracking link, recording every start', async () => {
    const id = await offerIdOf(stack, 5011);
    expect((await stack.http.post(`/api/offers/${id}/start`)).status).toBe(401);
    expect(await streamTypes(stack, streams.offerStarts(member.uid))).toEqual([]);

    const started = (await stack.http.post(`/api/offers/${id}/start`).set('authorization', bearer(member)).expect(200)).body;
    const clickUrl = `${env.standin.url}/click/5011?uid=${member.uid}`;
    expect(started).toEqual({ success: true, message: 'Offer started', data: { click_url: clickUrl, offer_id: id } });
    await stack.http.post('/api/offers/5011/start').set('authorization', bearer(member)).expect(200);
    expect(await streamTypes(stack, streams.offerStarts(member.uid))).toEqual(['OfferStarted', 'OfferStarted']);
    expect(await (await fetch(clickUrl)).text()).toContain(`Tracking started for member <code>${member.uid}</code>`);

    const progress = await eventually(async () => {
      const body = (await get('/api/users/progress', member).expect(200)).body;
      return body.total === 1 ? body.data[0] : undefined;
    });
    expect(progress).toMatchObject({ offer_id: '5011', offer_title: 'Dragon Clash', status: 'in_progress', progress_percentage: 0, completed_at: null });
  });

  it('refuses an unverified member (403) and an unknown offer (404), writing nothing', async () => {
    const unverified = await registeredMember(stack, { verified: false, label: 'unverified' });
    expect((await stack.http.post('/api/offers/5011/start').set('authorization', bearer(unverified))).status).toBe(403);
    expect((await stack.http.post('/api/offers/nope/start').set('authorization', bearer(member))).status).toBe(404);
    expect(await streamTypes(stack, streams.offerStarts(unverified.uid))).toEqual([]);
  });

  it('records reported progress on a started offer only', async () => {
    const player = await registeredMember(stack, { label: 'progress' });
    const put = (id: string, body: object) => stack.http.put(`/api/offers/${id}/progress`).set('authorization', bearer(player)).send(body);
    expect((await put('5012', {}).expect(409)).body.message).toBe('Start this offer before reporting progress');
    await stack.http.post('/api/offers/5012/start').set('authorization', bearer(player)).expect(200);
    expect((await put('5012', { status: 'finished' }).expect(400)).body.message).toBe('status must be in_progress or completed');
    await stack.http.put('/api/offers/5012/progress').send({ status: 'completed' }).expect(401);
    expect(await streamTypes(stack, streams.offerStarts(player.uid))).toEqual(['OfferStarted']);
    // No body at all means in_progress.
    const playing = (await stack.http.put('/api/offers/5012/progress').set('authorization', bearer(player)).expect(200)).body.data;
    expect(playing.status).toBe('in_progress');
    const done = (await put('5012', { status: 'completed' }).expect(200)).body;
    expect(done).toEqual({ success: true, message: 'Progress recorded', data: { offer_id: await offerIdOf(stack, 5012), status: 'completed' } });
    expect(await streamTypes(stack, streams.offerStarts(player.uid))).toEqual(['OfferStarted', 'OfferProgressReported', 'OfferProgressReported']);
  });
});

describe('balance, site stats, debug', () => {
  it('GET /api/offers/balance/{userId}: the member themself or an admin', async () => {
    const own = (await get(`/api/offers/balance/${member.uid}`, member).expect(200)).body.data;
    expect(own).toMatchObject({ total_amount: 2, available_amount: 2, pending_amount: 0, total_pence: 200, currency: 'GBP' });
    expect((await get(`/api/offers/balance/${admin.uid}`, member).expect(403)).body.message).toBe('You can only see your own balance');
    expect((await get(`/api/offers/balance/${member.uid}`, admin).expect(200)).body.data.total_amount).toBe(2);
    await get(`/api/offers/balance/${member.uid}`).expect(401);
  });

  it('GET /api/offers/sitestats is public', async () => {
    const stats = (await get('/api/offers/sitestats').expect(200)).body.data;
    expect(stats).toEqual({
      total_earnings_amount: expect.any(Number),
      total_earnings_pence: expect.any(Number),
      active_users_count: expect.any(Number),
      total_challenges_completed: expect.any(Number),
      min_payout_pence: expect.any(Number),
    });
    // The FAQ and terms print the minimum payout the server is configured with: the one payouts are checked against.
    expect(stats.min_payout_pence).toBe((await get('/api/users/balance', member).expect(200)).body.data.min_payout_pence);
    expect(stats.active_users_count).toBeGreaterThanOrEqual(2);
    expect(stats.total_earnings_amount).toBe(stats.total_earnings_pence / 100);
  });

  it('GET /api/offers/debug shows the catalogue and the last sync, for admins only', async () => {
    await get('/api/offers/debug', member).expect(403);
    await get('/api/offers/debug').expect(401);
    const debug = (await get('/api/offers/debug', admin).expect(200)).body.data;
    expect(debug.catalogue).toMatchObject({ total, by_source: { bitlabs: total, manual: 0 } });
    expect(debug.catalogue.by_platform.android + debug.catalogue.by_platform.ios + debug.catalogue.by_platform.web).toBe(total);
    expect(debug.sync).toMatchObject({ enabled: true, interval_minutes: 5, source_url: `${env.standin.url}/v2/publishers/offers` });
    expect(debug.sync.last_run).toMatchObject({ outcome: 'succeeded', finished_at: expect.any(String), error: null });
  });
});

describe('BitLabs sync', () => {
  it('appends events only for what changed, delists offers gone from the feed and relists them', async () => {
    const sync = () => stack.app.get(OfferSyncService).syncOnce();
    expect(await sync()).toMatchObject({ fetched: total, created: 0, updated: 0, unchanged: total, delisted: 0, events: 0 });

    env.standin.updateOffer(5013, (o) => ({ ...o, description: 'Now with daily tournaments.' }));
    env.standin.removeOffer(5014);
    const [solitaire, tower] = await Promise.all([offerIdOf(stack, 5013), offerIdOf(stack, 5014)]);
    expect(await sync()).toMatchObject({ fetched: total - 1, updated: 1, unchanged: total - 2, delisted: 1, events: 2 });
    expect(await streamTypes(stack, streams.offer(solitaire))).toEqual(['OfferCreated', 'OfferDataSynced']);
    expect((await stack.store.readStream(streams.offer(solitaire))).at(-1)?.data).toMatchObject({
      changes: { description: 'Now with daily tournaments.' },
      syncedBy: 'bitlabs-sync',
      reason: 'Changed in the BitLabs feed',
    });
    await offerRowWhere(stack, tower, (row) => row.status === 'inactive');
    await catalogueCount(stack, total - 1, 'active');

    env.standin.reset();
    expect(await sync()).toMatchObject({ updated: 2, delisted: 0 });
    expect(await streamTypes(stack, streams.offer(tower))).toEqual(['OfferCreated', 'OfferStatusChanged', 'OfferStatusChanged']);
    await offerRowWhere(stack, tower, (row) => row.status === 'active');
  });

  it('leaves the catalogue alone when BitLabs fails', async () => {
    env.standin.failNextFeeds(503);
    await expect(stack.app.get(OfferSyncService).syncOnce()).rejects.toThrow(/HTTP 503/);
    await catalogueCount(stack, total);
  });
});
