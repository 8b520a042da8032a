import { api } from '../api';
import { firebaseAuth } from '../firebase';
import { setCurrentUserSource } from './current-user';
import { AuthSession } from './session';

/** Loaded on demand (LazyAuthSession): Firebase Auth and the session that follows it. */
export function startFirebaseSession(): AuthSession {
  setCurrentUserSource(() => firebaseAuth.currentUser);
  const session = new AuthSession({ auth: firebaseAuth, api });
  session.start();
  return session;
}
