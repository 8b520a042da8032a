/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  /** host:port of the Firebase Auth emulator (dev and tests: 127.0.0.1:9099). */
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
  /** Google Analytics 4 measurement id (G-XXXX); unset: page views reach window.dataLayer only. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
  /** The landing's rating widget: a figure out of 5, the review service's name and its page. All three, or the widget is hidden. */
  readonly VITE_REVIEW_RATING?: string;
  readonly VITE_REVIEW_SERVICE?: string;
  readonly VITE_REVIEW_URL?: string;
  /** The operator's company details for the footer and legal pages. */
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_COMPANY_NUMBER?: string;
  readonly VITE_COMPANY_ADDRESS?: string;
  readonly VITE_COMPANY_VAT?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Social profile links (https); a link not configured is not shown. */
  readonly VITE_SOCIAL_FACEBOOK?: string;
  readonly VITE_SOCIAL_INSTAGRAM?: string;
  readonly VITE_SOCIAL_TWITTER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
