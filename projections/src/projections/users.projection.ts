import { defineProjection } from '../projection';

/** Member accounts as the API and the admin console read them. */
export const usersProjection = defineProjection({
  name: 'users',
  tables: ['users'],
  handlers: {
    UserRegistered: async (trx, d) => {
      await trx
        .insertInto('users')
        .values({
          uid: d.uid,
          email: d.email,
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
  },
});
