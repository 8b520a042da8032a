import { type Pence, penceToDecimal } from './money';

/** Business constants from spec section 9. One source for server checks, screens and texts. */
export const PRODUCT_NAME = 'PlayQuid';
export const DEFAULT_PAGE_TITLE = `${PRODUCT_NAME} - Play Games, Earn Real Money`;
export const CURRENCY = 'GBP';
export const LOCALE = 'en-GB';

export const WELCOME_BONUS_PENCE: Pence = 200;
export const REFERRAL_REWARD_PENCE: Pence = 150;
/** Minimum payout on the payments screen (spec 5); configurable on the server via MIN_PAYOUT_PENCE. */
export const DEFAULT_MIN_PAYOUT_PENCE: Pence = 79;
/** Dashboard "Payout Ready" marker (spec 2); the button itself follows the minimum payout above. */
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
/** Member payout messages (spec section 8). */
export const PAYOUT_REQUESTED_MESSAGE =
  'Payout request submitted successfully! You will receive an email with your reward options once approved.';
export const PAYOUT_CANCEL_DEFAULT_REASON = 'Cancelled by admin';
export const minimumPayoutMessage = (minPence: Pence) => `Minimum payout amount is £${penceToDecimal(minPence)}`;
