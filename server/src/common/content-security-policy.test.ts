import { describe, expect, it } from 'vitest';
import { contentSecurityDirectives } from './content-security-policy';

const withOffers = (apiUrl: string) => contentSecurityDirectives({ offers: { apiUrl, apiToken: '', syncEnabled: true, syncIntervalMs: 60_000 } });

describe('content security policy', () => {
  it('lets offer icons from the local BitLabs stand-in load in dev (plain http on another port)', () => {
    expect(withOffers('http://127.0.0.1:9301').imgSrc).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:9301']);
  });

  it('needs nothing extra for the real partner: its icons are https', () => {
    expect(withOffers('https://api.bitlabs.ai').imgSrc).toEqual(["'self'", 'data:', 'https:']);
  });

  it('allows gtag.js and its collection endpoints, nothing else from outside for scripts', () => {
    const directives = withOffers('https://api.bitlabs.ai');
    expect(directives.scriptSrc).toEqual(["'self'", 'https://apis.google.com', 'https://www.googletagmanager.com']);
    expect(directives.connectSrc).toContain('https://*.google-analytics.com');
    expect(directives.defaultSrc).toEqual(["'self'"]);
  });
});
