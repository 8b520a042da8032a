/** Where the Firebase web SDK keeps a signed-in user (IndexedDB first, then local or session storage). */
const DB_NAME = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
const USER_KEY_PREFIX = 'firebase:authUser:';

const inStorage = (storage: Storage | undefined) => {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(USER_KEY_PREFIX)) return true;
  return false;
};

/**
 * Whether Firebase has a signed-in user stored in this browser, read without loading Firebase: a
 * visitor (nothing stored) is signed out without fetching the SDK. When it cannot tell, it says
 * true (Firebase is then loaded and answers itself).
 */
export async function hasPersistedFirebaseUser(): Promise<boolean> {
  try {
    if (inStorage(globalThis.localStorage) || inStorage(globalThis.sessionStorage)) return true;
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    if (!(await indexedDB.databases()).some((db) => db.name === DB_NAME)) return false;
    return await new Promise<boolean>((resolve) => {
      const open = indexedDB.open(DB_NAME);
      // The database exists, so no upgrade should run; if one does, leave the creating to Firebase.
      open.onupgradeneeded = () => {
        open.transaction?.abort();
        resolve(true);
      };
      open.onerror = () => resolve(true);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains(STORE)) {
          db.close();
          resolve(true);
          return;
        }
        const count = db
          .transaction(STORE, 'readonly')
          .objectStore(STORE)
          .count(IDBKeyRange.bound(USER_KEY_PREFIX, `${USER_KEY_PREFIX}\uffff`));
        count.onsuccess = () => {
          db.close();
          resolve(count.result > 0);
        };
        count.onerror = () => {
          db.close();
          resolve(true);
        };
      };
    });
  } catch {
    return true;
  }
}
