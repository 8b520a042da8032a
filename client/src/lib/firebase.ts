import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';

const env = import.meta.env;

const app = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-playquid.firebaseapp.com',
  projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-playquid',
});

/**
 * `getAuth` would install the popup/redirect resolver, which loads Google's scripts
 * (apis.google.com) on page load on phones and Safari, before any cookie choice. Without it no
 * Google script loads until a visitor chooses 'Continue with Google' (the session passes
 * `browserPopupRedirectResolver` to that one call).
 */
export const firebaseAuth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

// Local development and the browser tests sign in against the Firebase Auth emulator, not Google.
const emulatorHost = env.VITE_FIREBASE_AUTH_EMULATOR_HOST;
if (emulatorHost) connectAuthEmulator(firebaseAuth, `http://${emulatorHost}`, { disableWarnings: true });
