import { type Pence, penceToDecimal } from './money';

/** Business constants. One source for server checks, screens and texts. */
export const PRODUCT_NAME = 'PlayQuid';
export const DEFAULT_PAGE_TITLE = `${PRODUCT_NAME} - Play Games, Earn Real Money`;

/**
 * "Dashboard | PlayQuid"; the default title when a page has none. Here rather than in ./seo, whose
 * page-head builders the web client loads only after the first paint (every page's shell titles its routes).
 */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${PRODUCT_NAME}` : DEFAULT_PAGE_TITLE;
}
export const CURRENCY = 'GBP';
export const LOCALE = 'en-GB';

export const WELCOME_BONUS_PENCE: Pence = 200;
export const REFERRAL_REWARD_PENCE: Pence = 150;
/** Minimum payout on the payments screen; configurable on the server via MIN_PAYOUT_PENCE. */
export const DEFAULT_MIN_PAYOUT_PENCE: Pence = 79;
/** Dashboard "Payout Ready" marker; the button itself follows the minimum payout above. */
export const DASHBOARD_PAYOUT_READY_PENCE: Pence = 1000;

export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 6;
export const META_DESCRIPTION_MAX_LENGTH = 160;
export const FEATURED_OFFERS_MAX = 16;
export const FEATURED_OFFERS_WARNING_ABOVE = 12;

export const API_TIMEOUT_MS = 30_000;
export const SESSION_TOKEN_MAX_AGE_S = 300;
export const VERIFICATION_AUTO_CHECK_MS = 30_000;
export const VERIFICATION_REDIRECT_MS = 3_000;
export const RESEND_MESSAGE_MS = 10_000;
export const CALLBACKS_REFRESH_MS = 30_000;
export const ADMIN_STATS_REFRESH_MS = 300_000;
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;
export const MOBILE_BREAKPOINT_PX = 768;
export const LARGE_SCREEN_PX = 1400;

export const PAGE_SIZES = {
  progress: 20,
  progressDashboard: 10,
  earnings: 20,
  earningsPayments: 100,
  userPayouts: 10,
  userPayoutsHistory: 20,
  userPayoutsProfile: 3,
  adminPayouts: 50,
  availableEarnings: 50,
  blogList: 10,
  adminBlogList: 100,
  adminUsers: 20,
  adminOffers: 100,
  callbacks: 50,
  offersPage: 100,
} as const;

export const LIMITS = {
  recentEarnings: 10,
  recentEarningsScreens: 5,
  featuredOffersDefault: 6,
  featuredOffersLanding: 16,
  featuredOffersLandingShown: 8,
  featuredOffersDashboard: 12,
  featuredOffersDashboardShown: 4,
  callbackActivityHours: 24,
} as const;

/** BitLabs pending earnings usually clear within this many days; the statement shows the estimate. */
export const PENDING_EXPECTED_CLEAR_DAYS = 30;
/** Member payout messages. */
export const PAYOUT_REQUESTED_MESSAGE =
  'Payout request submitted successfully! You will receive an email with your reward options once approved.';
export const PAYOUT_CANCEL_DEFAULT_REASON = 'Cancelled by admin';
export const minimumPayoutMessage = (minPence: Pence) => `Minimum payout amount is £${penceToDecimal(minPence)}`;

/** Blogs: featured blogs 5 by default (4 asked by the post page), related articles 3. */
export const BLOG_LIMITS = { featuredDefault: 5, featuredPostPage: 4, related: 3, previewChars: 80, featuredMax: 20 } as const;

/** Support and dispute facts, shown by the contact page's FAQ and the legal pages. */
export const SUPPORT_FACTS = {
  disputeWindowDays: 14,
  investigationBusinessDays: 7,
  resolutionBusinessDays: 14,
  responseHours: '24-48',
  hours: 'Monday to Friday, 9:00-18:00 GMT',
  payoutProcessingBusinessDays: '5-10',
  minimumAge: 18,
} as const;

/** How long personal data is kept, and how soon privacy requests are answered (the privacy policy). */
export const RETENTION = {
  financialRecordsYears: 7,
  marketingConsentYears: 3,
  technicalLogsDays: 90,
  privacyRequestDays: 30,
} as const;

/**
 * The one meaning of "Total Earned" on every screen (dashboard, earnings, profile, admin, site
 * stats): every credit not reversed or rejected, whether pending, approved or paid out, bonus and
 * referral rewards included. The wallet projection keeps `balances.total_earned_pence` by it.
 */
export const EARNED_STATUSES = ['pending', 'approved', 'paid'] as const;
export const isEarnedStatus = (status: string): boolean => (EARNED_STATUSES as readonly string[]).includes(status);

/** A callback neither processed nor failed after this long is a breach (audit) and counted as overdue (admin health). */
export const CALLBACK_OVERDUE_MINUTES = 15;
/** An approved payout whose reward is not delivered, paid or returned after this long is stuck (audit and admin health). */
export const PAYOUT_STUCK_HOURS = 24;

/**
 * A cookie the web client sets ("1") while a member is signed in on the browser, so the server
 * leaves the visitor's prerendered page shell out of their pages (client/src/lib/shell.ts). It
 * carries no identity; the session stays with Firebase.
 */
export const MEMBER_HINT_COOKIE = 'pq_member';

/**
 * A cookie the web client sets ("1") once the visitor's cookie choice is stored (the choice itself
 * stays in local storage), so the server leaves the consent banner out of a visitor's prerendered
 * shell; without it the shell comes with the banner, which paints with the page.
 */
export const CONSENT_HINT_COOKIE = 'pq_consent';
