import { createReadDb, PersonalDataVault } from '@playquid/read-db';
import { env } from '../env';

/**
 * Master-key rotation: re-wraps every personal-data key still wrapped by a previous master key
 * (PERSONAL_DATA_PREVIOUS_MASTER_KEYS) under the current one (PERSONAL_DATA_MASTER_KEY). The data
 * keys themselves, and so every event, stay as they are. Returns how many keys it re-wrapped.
 */
export async function rewrapKeys(): Promise<number> {
  const db = createReadDb({ connectionString: env.databaseUrl, max: 1 });
  try {
    return await PersonalDataVault.forDatabase(db).rewrap();
  } finally {
    await db.destroy();
  }
}
