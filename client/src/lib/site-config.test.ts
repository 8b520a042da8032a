import { describe, expect, it } from 'vitest';
import { reviewRating, siteConfig } from './site-config';

describe('site configuration', () => {
  it('shows a rating only when its figure, service and https link are all configured', () => {
    expect(reviewRating({})).toBeNull();
    expect(reviewRating({ VITE_REVIEW_RATING: '4.4' })).toBeNull();
    expect(reviewRating({ VITE_REVIEW_RATING: '4.4', VITE_REVIEW_SERVICE: 'Trustpilot' })).toBeNull();
    expect(reviewRating({ VITE_REVIEW_RATING: '4.4', VITE_REVIEW_SERVICE: 'Trustpilot', VITE_REVIEW_URL: 'http://x.test/' })).toBeNull();
    expect(reviewRating({ VITE_REVIEW_RATING: '7', VITE_REVIEW_SERVICE: 'Trustpilot', VITE_REVIEW_URL: 'https://x.test/' })).toBeNull();
    expect(
      reviewRating({ VITE_REVIEW_RATING: '4.37', VITE_REVIEW_SERVICE: ' Trustpilot ', VITE_REVIEW_URL: 'https://uk.trustpilot.com/review/x' }),
    ).toEqual({ value: 4.4, service: 'Trustpilot', url: 'https://uk.trustpilot.com/review/x' });
  });

  it('lists only the configured social links and company details', () => {
    const config = siteConfig({ VITE_SOCIAL_TWITTER: 'https://x.com/playquid', VITE_SOCIAL_FACEBOOK: 'not a url', VITE_COMPANY_NUMBER: '12345678' });
    expect(config.social).toEqual([{ name: 'Twitter', url: 'https://x.com/playquid' }]);
    expect(config.company).toEqual({ name: 'PlayQuid Ltd', number: '12345678', address: null, vat: null });
    expect(config.rating).toBeNull();
  });
});
