import { streams } from '@playquid/contracts';
import { createReadDb } from '@playquid/read-db';
import { createEventStore, handleCommand, userDecider } from '@playquid/server';
import { env } from '../env';

/** Grants the ADMIN role to a registered member, found by uid or email, as a UserRoleChanged event. */
export async function makeAdmin(uidOrEmail: string, changedBy = 'cli:make-admin'): Promise<string> {
  const db = createReadDb({ connectionString: env.databaseUrl, max: 1 });
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  try {
    const row = await db
      .selectFrom('users')
      .select('uid')
      .where((eb) => eb.or([eb('uid', '=', uidOrEmail), eb('email', '=', uidOrEmail.toLowerCase())]))
      .executeTakeFirst();
    const uid = row?.uid ?? uidOrEmail;
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
