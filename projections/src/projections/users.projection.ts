import { closedEmail, ERASED, isErased } from '@playquid/contracts';
import { PARKED_EMAIL_DOMAIN } from '@playquid/read-db';
import { sql } from 'kysely';
import { CountersOf, countChanges, keyCounters, utcDay } from '../counters';
import { defineProjection } from '../projection';
import { anyOf, type Row, TableBatch } from '../table-batch';

const lowerEmail = (email: string) => email.toLowerCase();

/**
 * A member's part in `user_counters` (migration 1796300000000-Counters): every figure the site and
 * admin stats show about members is the sum of these over the users table.
 */
export function userCounterParts(row: Row<'users'>): Array<[string, number]> {
  const parts: Array<[string, number]> = [
    ['members', 1],
    [`signups:${utcDay(row.created_at)}`, 1],
    [`active:${utcDay(row.last_login && new Date(row.last_login) > new Date(row.created_at) ? row.last_login : row.created_at)}`, 1],
  ];
  if (row.is_verified) parts.push(['verified', 1]);
  if (row.role.toUpperCase() === 'ADMIN') parts.push(['admins', 1]);
  if (row.is_banned) parts.push(['banned', 1]);
  if (row.referred_by !== null) parts.push([`referrals:${row.referred_by}`, 1]);
  return parts;
}

/** Member accounts as the API and the admin console read them, and the counters over them. */
export const usersProjection = defineProjection({
  name: 'users',
  tables: ['users', 'user_counters'],
  async load(trx, events) {
    const users = new TableBatch('users', 'uid', { email: (row) => lowerEmail(row.email) });
    const emails = events.flatMap((e) => (e.type === 'UserRegistered' && !isErased(e.data.email) ? [lowerEmail(e.data.email)] : []));
    await users.load(
      trx,
      events.map((e) => e.data.uid),
      anyOf(sql`lower(email)`, emails),
    );
    const counters = new CountersOf(async (trx) => {
      const sums = keyCounters('user_counters');
      countChanges(users, (row, sign) => {
        for (const [key, n] of userCounterParts(row)) sums.add(key, { n }, sign);
      });
      await sums.write(trx);
    });
    return { users, counters };
  },
  handlers: {
    UserRegistered: ({ users }, d) => {
      // An email whose key is shredded reads as erased: the row gets the member's own placeholder.
      if (isErased(d.email)) d = { ...d, email: closedEmail(d.uid) };
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
    // The row keeps no personal data: a per-member placeholder email (unique), the username erased.
    AccountClosed: ({ users }, d) =>
      users.update(d.uid, { email: closedEmail(d.uid), username: ERASED, gender: null, updated_at: d.closedAt }),
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
