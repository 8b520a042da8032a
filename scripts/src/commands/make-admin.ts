import { streams } from '@playquid/contracts';
import { createReadDb } from '@playquid/read-db';
import { createEventStore, handleCommand } from '@playquid/server';
import { userDecider } from '@playquid/domain';
import { env } from '../env';

/**
 * Grants the ADMIN role to a registered member, found by uid or email, as a UserRoleChanged event.
 * An email that matches more than one member is refused: granting admin to "the first match" could
 * hand it to an impostor's account.
 */
export async function makeAdmin(uidOrEmail: string, changedBy = 'cli:make-admin'): Promise<string> {
  const db = createReadDb({ connectionString: env.databaseUrl, max: 1 });
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  try {
    const byUid = await db.selectFrom('users').select('uid').where('uid', '=', uidOrEmail).executeTakeFirst();
    let uid = byUid?.uid;
    if (!uid) {
      const byEmail = await db
        .selectFrom('users')
        .select(['uid', 'email'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', uidOrEmail.toLowerCase()))
        .orderBy('uid')
        .execute();
      if (byEmail.length > 1) {
        throw new Error(
          `make-admin refused: ${byEmail.length} members have the email ${uidOrEmail} (uids ${byEmail.map((r) => r.uid).join(', ')}); run it again with the uid`,
        );
      }
      uid = byEmail[0]?.uid ?? uidOrEmail;
    }
    const { events, state } = await handleCommand(store, streams.user(uid), userDecider, {
      type: 'ChangeRole',
      uid,
      role: 'ADMIN',
      changedBy,
      reason: 'Granted from the command line',
      now: new Date().toISOString(),
    });
    console.log(events.length ? `${state.email} (${uid}) is now an admin` : `${state.email} (${uid}) was already an admin`);
    return uid;
  } finally {
    await Promise.all([store.close(), db.destroy()]);
  }
}
