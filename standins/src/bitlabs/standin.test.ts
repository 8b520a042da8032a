import type { BitlabsEnvelope, BitlabsOffer } from '@playquid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BitlabsStandin, startBitlabsStandin } from './standin';

const TOKEN = 'standin-token';
let standin: BitlabsStandin;
beforeAll(async () => {
  standin = await startBitlabsStandin({ port: 0, apiToken: TOKEN });
});
afterAll(() => standin?.close());

async function feed(token = TOKEN): Promise<{ status: number; body: BitlabsEnvelope<{ offers: BitlabsOffer[] }> }> {
  const response = await fetch(`${standin.url}/v2/publishers/offers`, { headers: { 'X-Api-Token': token } });
  return { status: response.status, body: (await response.json()) as BitlabsEnvelope<{ offers: BitlabsOffer[] }> };
}
const offers = async () => (await feed()).body.data!.offers;

describe('BitLabs stand-in', () => {
  it('serves a deterministic catalogue of 60+ offers over Android, iOS and web in the BitLabs envelope', async () => {
    const { status, body } = await feed();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', error: null, trace_id: expect.stringMatching(/^standin-/) });
    const served = body.data!.offers;
    expect(served.length).toBeGreaterThanOrEqual(60);
    const platformOf = (o: BitlabsOffer) => o.categories[0];
    for (const platform of ['Android', 'iOS', 'Web']) expect(served.filter((o) => platformOf(o) === platform).length).toBeGreaterThanOrEqual(10);

    const byAnchor = new Map<string, string[]>();
    for (const o of served) byAnchor.set(o.anchor!, [...(byAnchor.get(o.anchor!) ?? []), platformOf(o)]);
    expect([...byAnchor.values()].filter((p) => p.length > 1).length).toBeGreaterThanOrEqual(9);
    expect(byAnchor.get('Raid Legends Arena')).toEqual(['Android', 'iOS']);
    expect(byAnchor.get('Sudoku Master')).toEqual(['Android', 'iOS', 'Web']);
    expect(served.find((o) => o.id === 5011)).toMatchObject({
      anchor: 'Dragon Clash',
      categories: ['Android', 'Strategy'],
      click_url: `${standin.url}/click/5011`,
      icon_url: `${standin.url}/icons/dragon-clash.svg`,
      device_targeting: { devices: ['android'] },
    });

    // The same feed on every start: the seed decides, not the clock.
    const again = await startBitlabsStandin({ port: 0, publicUrl: standin.url });
    try {
      expect(again.offers).toEqual(standin.offers);
    } finally {
      await again.close();
    }
  });

  it('answers an unknown token and a forced failure with error envelopes', async () => {
    expect(await feed('wrong')).toMatchObject({ status: 401, body: { status: 'error', data: null, error: { details: { http: 401, msg: 'Invalid API token' } } } });
    standin.failNextFeeds(503);
    expect((await feed()).status).toBe(503);
    expect((await feed()).status).toBe(200);
  });

  it('serves icons, support pages and a tracking page for each click', async () => {
    const icon = await fetch(`${standin.url}/icons/dragon-clash.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toContain('>DC</text>');
    const page = await fetch(`${standin.url}/click/5011?uid=member-1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Tracking started for member <code>member-1</code>');
    expect(standin.clicks.at(-1)).toMatchObject({ offerId: '5011', uid: 'member-1' });
    expect((await fetch(`${standin.url}/click/1`)).status).toBe(404);
    expect(await (await fetch(`${standin.url}/support/5011`)).text()).toContain('Dragon Clash: support');
  });

  it('test hooks change and drop offers, and reset brings the seeded feed back', async () => {
    standin.updateOffer(5001, (o) => ({ ...o, description: 'Changed' }));
    standin.removeOffer(5002);
    expect((await offers()).find((o) => o.id === 5001)?.description).toBe('Changed');
    expect((await offers()).find((o) => o.id === 5002)).toBeUndefined();
    standin.reset();
    expect((await offers()).find((o) => o.id === 5002)).toBeDefined();
  });
});
