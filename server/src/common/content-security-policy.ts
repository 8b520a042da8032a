import type { AppConfig } from '../config/app-config';

/** Google Analytics 4 with gtag.js (loaded only after analytics consent, when an id is configured). */
const GOOGLE_ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** The origin of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The page's content security policy. Offer icons come from the offer partner: over https in
 * production (allowed by `https:`), and from the local BitLabs stand-in over plain http in dev and
 * tests, whose origin is therefore allowed explicitly when the catalogue is read from it.
 */
export function contentSecurityDirectives(config: Pick<AppConfig, 'offers'>): Record<string, string[]> {
  const offerOrigin = originOf(config.offers.apiUrl);
  const plainOfferOrigin = offerOrigin?.startsWith('http:') ? [offerOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    connectSrc: ["'self'", 'http://127.0.0.1:9099', 'https://*.googleapis.com', ...GOOGLE_ANALYTICS.connect],
    imgSrc: ["'self'", 'data:', 'https:', ...plainOfferOrigin],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", 'https://apis.google.com', ...GOOGLE_ANALYTICS.script],
    frameSrc: ["'self'", 'http://127.0.0.1:9099', 'https://*.firebaseapp.com'],
  };
}
