import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';

const env = import.meta.env;

const app = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-playquid.firebaseapp.com',
  projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-playquid',
});

export const firebaseAuth = getAuth(app);

// Local development and the browser tests sign in against the Firebase Auth emulator, not Google.
const emulatorHost = env.VITE_FIREBASE_AUTH_EMULATOR_HOST;
if (emulatorHost) connectAuthEmulator(firebaseAuth, `http://${emulatorHost}`, { disableWarnings: true });
