/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  /** host:port of the Firebase Auth emulator (dev and tests: 127.0.0.1:9099). */
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
  /** Google Analytics 4 measurement id (G-XXXX); unset: page views reach window.dataLayer only. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
