import { PARKED_EMAIL_DOMAIN } from '@playquid/read-db';
import { sql } from 'kysely';
import { defineProjection } from '../projection';
import { anyOf, TableBatch } from '../table-batch';

const lowerEmail = (email: string) => email.toLowerCase();

/** Member accounts as the API and the admin console read them. */
export const usersProjection = defineProjection({
  name: 'users',
  tables: ['users'],
  async load(trx, events) {
    const users = new TableBatch('users', 'uid', { email: (row) => lowerEmail(row.email) });
    const emails = events.flatMap((e) => (e.type === 'UserRegistered' ? [lowerEmail(e.data.email)] : []));
    await users.load(
      trx,
      events.map((e) => e.data.uid),
      anyOf(sql`lower(email)`, emails),
    );
    return { users };
  },
  handlers: {
    UserRegistered: ({ users }, d) => {
      // Emails are claimed once on the write side now, but older logs may hold a profile that named
      // someone else's email: it is parked like the UniqueEmails migration does, so a replay never
      // stalls on the unique index and rebuilds match the migrated table.
      const taken = users.find('email', lowerEmail(d.email)).some((row) => row.uid !== d.uid);
      users.insert({
        uid: d.uid,
        email: taken ? `${d.uid}@${PARKED_EMAIL_DOMAIN}` : d.email,
        username: d.username,
        gender: d.gender,
        role: 'USER',
        is_verified: d.emailVerified,
        referred_by: d.referredBy,
        created_at: d.registeredAt,
        last_login: null,
        updated_at: d.registeredAt,
        is_banned: false,
        banned_at: null,
        banned_by: null,
        ban_reason: null,
        partner_hold_state: null,
        partner_hold_reason: null,
        partner_hold_until: null,
      });
    },
    // The claim has no row of its own (the email lands with UserRegistered); listed so the registry
    // sees every write-side event type accounted for.
    EmailClaimed: () => {},
    UserEmailVerified: ({ users }, d) => users.update(d.uid, { is_verified: true, updated_at: d.verifiedAt }),
    // A sign-in is not a change to the account, so updated_at stays as it was.
    UserSignedIn: ({ users }, d) => users.update(d.uid, { last_login: d.signedInAt }),
    UserProfileUpdated: ({ users }, d) => users.update(d.uid, { username: d.username, updated_at: d.updatedAt }),
    UserRoleChanged: ({ users }, d) => users.update(d.uid, { role: d.role, updated_at: d.changedAt }),
    UserBanned: ({ users }, d) =>
      users.update(d.uid, { is_banned: true, banned_at: d.bannedAt, banned_by: d.bannedBy, ban_reason: d.reason, updated_at: d.bannedAt }),
    // The ban's who and why stay in the log; the row only says whether the member is banned now.
    UserUnbanned: ({ users }, d) =>
      users.update(d.uid, { is_banned: false, banned_at: null, banned_by: null, ban_reason: null, updated_at: d.unbannedAt }),
    // A wallet-stream fact kept on the users row: the API reads it there for the balance and the admin views.
    PartnerAccountStatusChanged: ({ users }, d) =>
      users.update(d.uid, {
        partner_hold_state: d.state === 'active' ? null : d.state,
        partner_hold_reason: d.state === 'active' ? null : d.reason,
        partner_hold_until: d.state === 'active' ? null : d.endsAt,
      }),
  },
});
