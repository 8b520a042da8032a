import { describe, expect, it } from 'vitest';
import { BITLABS_API_URL, loadConfig } from './app-config';

describe('offer sync configuration', () => {
  it('stays off until BitLabs is configured', () => {
    expect(loadConfig({}).offers).toEqual({ apiUrl: BITLABS_API_URL, apiToken: 'dev-bitlabs-token', syncEnabled: false, syncIntervalMs: 300_000 });
    const production = {
      NODE_ENV: 'production',
      BITLABS_SECRET: 's',
      TREMENDOUS_BASE_URL: 'https://api.tremendous.com/api/v2',
      TREMENDOUS_API_KEY: 'key',
      TREMENDOUS_WEBHOOK_SECRET: 'whsec',
      TREMENDOUS_CAMPAIGN_ID: 'C1',
      PERSONAL_DATA_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(loadConfig(production).offers).toMatchObject({ apiToken: '', syncEnabled: false });
  });

  it('reads BITLABS_API_URL, BITLABS_API_TOKEN, OFFER_SYNC and the interval', () => {
    expect(loadConfig({ BITLABS_API_URL: 'http://127.0.0.1:9301/', OFFER_SYNC_INTERVAL_MINUTES: '2' }).offers).toEqual({
      apiUrl: 'http://127.0.0.1:9301',
      apiToken: 'dev-bitlabs-token',
      syncEnabled: true,
      syncIntervalMs: 120_000,
    });
    expect(loadConfig({ BITLABS_API_TOKEN: 't', OFFER_SYNC: 'false' }).offers).toMatchObject({ apiToken: 't', syncEnabled: false });
    expect(() => loadConfig({ OFFER_SYNC_INTERVAL_MINUTES: '0' })).toThrow('OFFER_SYNC_INTERVAL_MINUTES must be at least 1');
  });
});
