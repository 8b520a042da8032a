/**
 * What the site says about itself that is not ours to invent: a review rating (only a configured,
 * attributed one), the operator's company details and its social profiles. Read from the build's
 * configuration (`VITE_*`, see the README); anything not configured is not shown.
 */

export interface ReviewRating {
  /** Out of 5, one decimal. */
  value: number;
  service: string;
  url: string;
}

export interface CompanyDetails {
  name: string;
  number: string | null;
  address: string | null;
  vat: string | null;
}

export interface SiteConfig {
  rating: ReviewRating | null;
  company: CompanyDetails;
  supportEmail: string;
  social: Array<{ name: 'Facebook' | 'Instagram' | 'Twitter'; url: string }>;
}

type Env = Partial<Record<string, string | undefined>>;

const text = (value: string | undefined): string | null => (value && value.trim() ? value.trim() : null);

const httpsUrl = (value: string | undefined): string | null => {
  const raw = text(value);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

/** A rating is shown only with all three parts: a figure from 0 to 5, the service that gave it and a link to it. */
export function reviewRating(env: Env): ReviewRating | null {
  const value = Number(text(env.VITE_REVIEW_RATING) ?? NaN);
  const service = text(env.VITE_REVIEW_SERVICE);
  const url = httpsUrl(env.VITE_REVIEW_URL);
  if (!Number.isFinite(value) || value < 0 || value > 5 || !service || !url) return null;
  return { value: Math.round(value * 10) / 10, service, url };
}

export function siteConfig(env: Env): SiteConfig {
  const social = (
    [
      ['Facebook', env.VITE_SOCIAL_FACEBOOK],
      ['Instagram', env.VITE_SOCIAL_INSTAGRAM],
      ['Twitter', env.VITE_SOCIAL_TWITTER],
    ] as const
  )
    .map(([name, value]) => ({ name, url: httpsUrl(value) }))
    .filter((link): link is { name: 'Facebook' | 'Instagram' | 'Twitter'; url: string } => link.url !== null);
  return {
    rating: reviewRating(env),
    company: {
      name: text(env.VITE_COMPANY_NAME) ?? 'PlayQuid Ltd',
      number: text(env.VITE_COMPANY_NUMBER),
      address: text(env.VITE_COMPANY_ADDRESS),
      vat: text(env.VITE_COMPANY_VAT),
    },
    supportEmail: text(env.VITE_SUPPORT_EMAIL) ?? 'support@playquid.co.uk',
    social,
  };
}

/** This build's configuration. */
export const SITE = siteConfig(import.meta.env as Env);
