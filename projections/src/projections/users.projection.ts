import { PARKED_EMAIL_DOMAIN } from '@playquid/read-db';
import { sql } from 'kysely';
import { defineProjection } from '../projection';

/** Member accounts as the API and the admin console read them. */
export const usersProjection = defineProjection({
  name: 'users',
  tables: ['users'],
  handlers: {
    UserRegistered: async (trx, d) => {
      // Emails are claimed once on the write side now, but older logs may hold a profile that named
      // someone else's email: it is parked like the UniqueEmails migration does, so a replay never
      // stalls on the unique index and rebuilds match the migrated table.
      const owner = await trx
        .selectFrom('users')
        .select('uid')
        .where(sql<string>`lower(email)`, '=', d.email.toLowerCase())
        .where('uid', '<>', d.uid)
        .executeTakeFirst();
      await trx
        .insertInto('users')
        .values({
          uid: d.uid,
          email: owner ? `${d.uid}@${PARKED_EMAIL_DOMAIN}` : d.email,
          username: d.username,
          gender: d.gender,
          role: 'USER',
          is_verified: d.emailVerified,
          referred_by: d.referredBy,
          created_at: d.registeredAt,
          updated_at: d.registeredAt,
        })
        .execute();
    },
    // The claim has no row of its own (the email lands with UserRegistered); listed so the registry
    // sees every write-side event type accounted for.
    EmailClaimed: async () => {},
    UserEmailVerified: async (trx, d) => {
      await trx.updateTable('users').set({ is_verified: true, updated_at: d.verifiedAt }).where('uid', '=', d.uid).execute();
    },
    // A sign-in is not a change to the account, so updated_at stays as it was.
    UserSignedIn: async (trx, d) => {
      await trx.updateTable('users').set({ last_login: d.signedInAt }).where('uid', '=', d.uid).execute();
    },
    UserProfileUpdated: async (trx, d) => {
      await trx.updateTable('users').set({ username: d.username, updated_at: d.updatedAt }).where('uid', '=', d.uid).execute();
    },
    UserRoleChanged: async (trx, d) => {
      await trx.updateTable('users').set({ role: d.role, updated_at: d.changedAt }).where('uid', '=', d.uid).execute();
    },
    UserBanned: async (trx, d) => {
      await trx
        .updateTable('users')
        .set({ is_banned: true, banned_at: d.bannedAt, banned_by: d.bannedBy, ban_reason: d.reason, updated_at: d.bannedAt })
        .where('uid', '=', d.uid)
        .execute();
    },
    // The ban's who and why stay in the log; the row only says whether the member is banned now.
    UserUnbanned: async (trx, d) => {
      await trx
        .updateTable('users')
        .set({ is_banned: false, banned_at: null, banned_by: null, ban_reason: null, updated_at: d.unbannedAt })
        .where('uid', '=', d.uid)
        .execute();
    },
  },
});
