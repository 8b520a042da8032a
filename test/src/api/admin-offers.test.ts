import { streams } from '@playquid/contracts';
import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, earn, makeAdmin } from '../support/money';
import { OFFER_KEYS, offerIdOf, offerRowWhere, type OffersStack, startOffersStack, streamTypes } from '../support/offers';
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

const as = (user: EmulatorUser) => ({
  get: (path: string) => stack.http.get(path).set('authorization', bearer(user)),
  post: (path: string, body: object = {}) => stack.http.post(path).set('authorization', bearer(user)).send(body),
  put: (path: string, body?: object) => (body ? stack.http.put(path).set('authorization', bearer(user)).send(body) : stack.http.put(path).set('authorization', bearer(user))),
  delete: (path: string) => stack.http.delete(path).set('authorization', bearer(user)),
});
const catalogueTypes = () => streamTypes(stack, streams.offerCatalogue());
const featuredIds = async () => (await stack.db.selectFrom('offers').select('api_id').where('featured', '=', true).orderBy('api_id').execute()).map((r) => r.api_id);
const featuredBecomes = (apiIds: string[]) =>
  eventually(async () => (JSON.stringify(await featuredIds()) === JSON.stringify([...apiIds].sort()) ? true : undefined));
const feature = async (apiId: number, featured = true) => {
  const id = await offerIdOf(stack, apiId);
  return as(admin).put(`/api/admin/offers/${id}/featured?featured=${featured}`);
};
/** Features (or unfeatures) an offer's group, expecting `status`; the response body. */
const featureExpecting = async (status: number, apiId: number, featured = true) => {
  const response = await feature(apiId, featured);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
};

describe('admin offers: access', () => {
  it('refuses members (403) and visitors (401) on every admin offers call, writing nothing', async () => {
    const id = await offerIdOf(stack, 5011);
    const before = await streamTypes(stack, streams.offer(id));
    const calls = [
      ['get', '/api/admin/offers'],
      ['get', '/api/admin/stats'],
      ['post', '/api/admin/offers'],
      ['put', `/api/admin/offers/${id}`],
      ['delete', `/api/admin/offers/${id}`],
      ['put', `/api/admin/offers/${id}/anchor`],
      ['put', `/api/admin/offers/${id}/featured?featured=true`],
      ['put', `/api/admin/offers/${id}/status`],
      ['post', '/api/admin/offers/featured/clear'],
    ] as const;
    for (const [method, path] of calls) {
      expect((await stack.http[method](path).set('authorization', bearer(member)).send({ title: 'x', anchor: 'x' })).status, path).toBe(403);
      expect((await stack.http[method](path).send({})).status, path).toBe(401);
    }
    expect(await streamTypes(stack, streams.offer(id))).toEqual(before);
    expect(await catalogueTypes()).toEqual([]);
  });
});

describe('admin offers: list, create, edit, delete', () => {
  it('lists every offer with its tracking link, paged up to 100', async () => {
    const body = (await as(admin).get('/api/admin/offers').expect(200)).body;
    expect(body).toMatchObject({ success: true, message: 'Offers loaded', page: 1, per_page: 100, total, total_pages: 1 });
    expect(Object.keys(body.data[0]).sort()).toEqual(OFFER_KEYS);
    expect(body.data.find((o: { api_id: string }) => o.api_id === '5011').click_url).toBe(`${env.standin.url}/click/5011`);
    const second = (await as(admin).get('/api/admin/offers?per_page=50&page=2').expect(200)).body;
    expect(second).toMatchObject({ page: 2, per_page: 50, total, total_pages: 2 });
    expect(second.data).toHaveLength(total - 50);
    expect((await as(admin).get('/api/admin/offers?per_page=101').expect(400)).body.message).toBe('per_page must be a whole number between 1 and 100');
  });

  it('creates a manual offer as a draft, visible to the public once active', async () => {
    expect((await as(admin).post('/api/admin/offers', { description: 'no title' }).expect(400)).body.message).toBe('title is required');
    expect((await as(admin).post('/api/admin/offers', { title: 'X', icon_url: 'ftp://x' }).expect(400)).body.message).toBe('icon_url must be an http(s) URL');
    expect((await as(admin).post('/api/admin/offers', { title: 'X', reward_pence: 1.5 }).expect(400)).body.message).toBe('reward_pence must be a whole number of pence');

    const created = (
      await as(admin)
        .post('/api/admin/offers', { title: '  Summer Quest ', description: 'Play the summer event.', reward_pence: 250, anchor: '  ', click_url: 'https://partner.example/click?o=1', device_platform: 1 })
        .expect(201)
    ).body;
    const offer = created.data.offer;
    expect(created.message).toBe('Offer created successfully');
    expect(offer).toMatchObject({ title: 'Summer Quest', api_id: offer.id, source: 'manual', status: 'draft', anchor: null, reward_amount: 2.5, featured: false, device_platform: 1 });
    expect(await streamTypes(stack, streams.offer(offer.id))).toEqual(['OfferCreated']);
    await offerRowWhere(stack, offer.id, () => true);
    await stack.http.get(`/api/offers/${offer.id}`).expect(404);

    const toggled = (await as(admin).put(`/api/admin/offers/${offer.id}/status`).expect(200)).body.data.offer;
    expect(toggled.status).toBe('active');
    await offerRowWhere(stack, offer.id, (row) => row.status === 'active');
    const started = (await as(member).post(`/api/offers/${offer.id}/start`).expect(200)).body.data;
    expect(started.click_url).toBe(`https://partner.example/click?o=1&uid=${member.uid}`);
  });

  it('edits fields, anchor and status together, and refuses bad edits without writing', async () => {
    const id = await offerIdOf(stack, 5013);
    const before = await streamTypes(stack, streams.offer(id));
    expect((await as(admin).put(`/api/admin/offers/${id}`, {}).expect(400)).body.message).toBe('Nothing to update');
    expect((await as(admin).put(`/api/admin/offers/${id}`, { status: 'draft', title: 'X' }).expect(409)).body.message).toBe(
      'An offer that is active cannot become draft; allowed: active to inactive, inactive to active, draft to active.',
    );
    expect((await as(admin).put('/api/admin/offers/nope', { title: 'X' }).expect(404)).body.message).toBe('Offer not found');
    expect(await streamTypes(stack, streams.offer(id))).toEqual(before);

    const updated = (await as(admin).put(`/api/admin/offers/${id}`, { title: 'Solitaire Stars Deluxe', anchor: ' Solitaire ', reward_pence: 99 }).expect(200)).body;
    expect(updated).toMatchObject({ message: 'Offer updated successfully', data: { offer: { title: 'Solitaire Stars Deluxe', anchor: 'Solitaire', reward_pence: 99 } } });
    expect(await streamTypes(stack, streams.offer(id))).toEqual([...before, 'OfferUpdated', 'OfferAnchorChanged']);
  });

  it('sets, trims and clears anchors', async () => {
    const id = await offerIdOf(stack, 5014);
    expect((await as(admin).put(`/api/admin/offers/${id}/anchor`, {}).expect(400)).body.message).toBe('anchor is required (empty clears it)');
    expect((await as(admin).put(`/api/admin/offers/${id}/anchor`, { anchor: '  Towers  ' }).expect(200)).body.data.offer.anchor).toBe('Towers');
    expect((await as(admin).put(`/api/admin/offers/${id}/anchor`, { anchor: '   ' }).expect(200)).body.data.offer.anchor).toBeNull();
    await offerRowWhere(stack, id, (row) => row.anchor === null);
  });

  it('toggles status active <-> inactive and refuses unknown statuses', async () => {
    const id = await offerIdOf(stack, 5059);
    expect((await as(admin).put(`/api/admin/offers/${id}/status`).expect(200)).body.data.offer.status).toBe('inactive');
    expect((await as(admin).put(`/api/admin/offers/${id}/status`).expect(200)).body.data.offer.status).toBe('active');
    expect((await as(admin).put(`/api/admin/offers/${id}/status?new_status=paused`).expect(400)).body.message).toBe('new_status must be one of active, inactive, draft');
    expect((await as(admin).put(`/api/admin/offers/${id}/status?new_status=active`).expect(200)).body.data.offer.status).toBe('active');
  });
});

describe('admin offers: group featuring and the limit of 16', () => {
  it('refuses an offer without an anchor (400), writing nothing', async () => {
    const id = await offerIdOf(stack, 5014); // its anchor was cleared above
    const refused = (await as(admin).put(`/api/admin/offers/${id}/featured?featured=true`).expect(400)).body;
    expect(refused).toMatchObject({ success: false, message: 'This offer has no anchor. Set an anchor first to use group featuring.' });
    expect((await as(admin).put(`/api/admin/offers/${id}/featured?featured=maybe`).expect(400)).body.message).toBe('featured must be true or false');
    expect(await catalogueTypes()).toEqual([]);
  });

  it('features every offer sharing the anchor, up to 16, also under concurrent requests', async () => {
    const first = await featureExpecting(200, 5001);
    expect(first).toMatchObject({ message: 'Offers featured successfully', data: { anchor: 'Raid Legends Arena', featured: true, featured_total: 2 } });
    expect(first.data.offer_ids.sort()).toEqual([await offerIdOf(stack, 5001), await offerIdOf(stack, 5002)].sort());
    for (const apiId of [5003, 5005, 5007, 5009, 5015, 5017]) await featureExpecting(200, apiId);
    await featuredBecomes(['5001', '5002', '5003', '5004', '5005', '5006', '5007', '5008', '5009', '5010', '5015', '5016', '5017', '5018']);

    // Two admins at once, each with a group of two: exactly one fits.
    const [a, b] = await Promise.all([feature(5019), feature(5021)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.message).toBe('Featuring this group would make 18 featured offers; the limit is 16.');
    expect((await featureExpecting(409, 5047)).message).toBe('Featuring this group would make 19 featured offers; the limit is 16.');
    const events = await stack.store.readStream(streams.offerCatalogue());
    expect(events.filter((e) => (e.data as { featured: boolean }).featured)).toHaveLength(16);
    await eventually(async () => ((await featuredIds()).length === 16 ? true : undefined));
    expect((await stack.http.get('/api/offers/featured?limit=16').expect(200)).body.data).toHaveLength(16);
  });

  it('unfeatures a whole group, and a deleted featured offer leaves the count', async () => {
    const unfeatured = (await featureExpecting(200, 5002, false)).data;
    expect(unfeatured).toMatchObject({ anchor: 'Raid Legends Arena', featured: false, featured_total: 14 });
    const deletedId = await offerIdOf(stack, 5003);
    expect((await as(admin).delete(`/api/admin/offers/${deletedId}`).expect(200)).body.data).toEqual({ offer_id: deletedId, deleted: true });
    expect(await streamTypes(stack, streams.offer(deletedId))).toEqual(['OfferCreated', 'OfferDeleted']);
    await as(admin).delete(`/api/admin/offers/${deletedId}`).expect(404);
    await eventually(async () => ((await stack.http.get('/api/offers/5003')).status === 404 ? true : undefined));
    // 13 left featured: a group of two still fits, and the 5004 half of the deleted one's group stays featured.
    await featureExpecting(200, 5001);
    await eventually(async () => ((await featuredIds()).length === 15 && (await featuredIds()).includes('5004') ? true : undefined));
  });

  it('clears all featured offers once, then says there is nothing to clear', async () => {
    const cleared = (await as(admin).post('/api/admin/offers/featured/clear').expect(200)).body;
    expect(cleared).toMatchObject({ success: true, message: 'Cleared 15 featured offers', data: { featured: false, featured_total: 0 } });
    await featuredBecomes([]);
    const again = (await as(admin).post('/api/admin/offers/featured/clear').expect(409)).body;
    expect(again.message).toBe('No featured offers to clear');
  });

  it('a manual offer joins a group by its anchor', async () => {
    const manual = (await as(admin).post('/api/admin/offers', { title: 'Dragon Clash Web', anchor: 'Dragon Clash', status: 'active' }).expect(201)).body.data.offer;
    await offerRowWhere(stack, manual.id, () => true);
    const data = (await featureExpecting(200, 5011)).data;
    expect(data.offer_ids.sort()).toEqual([manual.id, await offerIdOf(stack, 5011)].sort());
    await eventually(async () => ((await stack.db.selectFrom('offers').select('featured').where('id', '=', manual.id).executeTakeFirstOrThrow()).featured ? true : undefined));
    await as(admin).post('/api/admin/offers/featured/clear').expect(200);
  });
});

describe('GET /api/admin/stats', () => {
  it('reports revenue (USD company, GBP client), signups, conversion, offer counts and top offers', async () => {
    const player = await registeredMember(stack, { label: 'stats' });
    await as(player).post('/api/offers/5011/start').expect(200);
    await as(player).post('/api/offers/5012/start').expect(200);
    await earn(stack, player, '1.00', { tx: 'o-stats-1', offerId: '5011', offerName: 'Dragon Clash' });
    await earn(stack, player, '0.50', { tx: 'o-stats-2', offerId: '5012', offerName: 'Merge Kingdom', state: 'PENDING' });
    const stats = await eventually(async () => {
      const s = (await as(admin).get('/api/admin/stats').expect(200)).body.data.stats;
      return s.conversion.total_starts === 3 ? s : undefined; // the member's start of the manual offer above, and these two
    });
    expect(Object.keys(stats).sort()).toEqual(['conversion', 'currency', 'general', 'revenue', 'signups', 'top_performing_offers']);
    expect(stats.currency).toEqual({ company: 'USD', client: 'GBP', time_periods: 'GBP', top_performing_offers: 'GBP' });
    // `raw` of the test callbacks is 1.3 times `val`, in dollars.
    expect(stats.revenue).toEqual({
      company: { total: 1.95, completed: 1.3, pending: 0.65 },
      client: { total: 1.5, completed: 1, pending: 0.5 },
      time_periods: { yesterday: 0, month_to_date: 1.5 },
    });
    const users = Number((await stack.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    expect(stats.signups).toEqual({ total: users, active_users: users, today: users, yesterday: 0, month_to_date: users, this_week: users });
    expect(stats.conversion).toEqual({ conversion_rate: 33.3, total_completions: 1, total_starts: 3, in_progress: 2, rejected: 0 });
    const offers = await stack.db.selectFrom('offers').select(['status', 'featured']).execute();
    expect(stats.general).toEqual({
      active_offers: offers.filter((o) => o.status === 'active').length,
      total_offers: offers.length,
      featured_offers: offers.filter((o) => o.featured).length,
    });
    expect(stats.top_performing_offers).toEqual([
      { offer_id: '5011', name: 'Dragon Clash', icon_url: `${env.standin.url}/icons/dragon-clash.svg`, completion_count: 1, total_revenue: 1 },
    ]);
  });
});
