import type { UserRegistered } from '@playquid/contracts';
import { PARKED_EMAIL_DOMAIN } from '@playquid/read-db';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { migratedTestDatabase } from '../testing/database';
import { projectionSpec } from '../testing/spec';
import { usersProjection } from './users.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('users');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, usersProjection);

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T11:00:00.000Z';
const T2 = '2026-11-22T12:00:00.000Z';

const registered = (data: Partial<UserRegistered['data']> = {}): UserRegistered => ({
  type: 'UserRegistered',
  data: { uid: 'ana', email: 'ana@example.com', username: 'ana', gender: 'female', referredBy: 'ben', emailVerified: false, registeredAt: T0, ...data },
});
const anaRow = {
  uid: 'ana',
  email: 'ana@example.com',
  username: 'ana',
  gender: 'female',
  role: 'USER',
  is_verified: false,
  referred_by: 'ben',
  created_at: new Date(T0),
  last_login: null,
  updated_at: new Date(T0),
  is_banned: false,
  banned_at: null,
  banned_by: null,
  ban_reason: null,
  partner_hold_state: null,
  partner_hold_reason: null,
  partner_hold_until: null,
};

describe('users projection', () => {
  it('PartnerAccountStatusChanged keeps the partner hold on the row, and active clears it', async () => {
    const hold = (state: 'on_hold' | 'banned' | 'active', reason: string | null, endsAt: string | null, changedAt: string) =>
      ({ type: 'PartnerAccountStatusChanged', data: { uid: 'ana', partner: 'bitlabs', state, reason, endsAt, changedAt } }) as const;
    await spec
      .given(registered(), hold('on_hold', 'Chargebacks', T2, T1))
      .then({ users: [{ ...anaRow, partner_hold_state: 'on_hold', partner_hold_reason: 'Chargebacks', partner_hold_until: new Date(T2) }] });
    await spec.given(registered(), hold('banned', 'x', null, T1), hold('active', null, null, T2)).then({ users: [anaRow] });
  });

  it('UserRegistered adds a member with role USER, verified as the sign-up said', () =>
    spec.given(registered(), registered({ uid: 'cat', email: 'cat@example.com', username: 'cat', gender: null, referredBy: null, emailVerified: true })).then({
      users: [
        anaRow,
        { ...anaRow, uid: 'cat', email: 'cat@example.com', username: 'cat', gender: null, referred_by: null, is_verified: true },
      ],
    }));

  it('UserEmailVerified marks the member verified', () =>
    spec.given(registered(), { type: 'UserEmailVerified', data: { uid: 'ana', verifiedAt: T1 } }).then({
      users: [{ ...anaRow, is_verified: true, updated_at: new Date(T1) }],
    }));

  it('UserSignedIn records the last login and leaves updated_at alone', () =>
    spec
      .given(registered(), { type: 'UserSignedIn', data: { uid: 'ana', signedInAt: T1 } }, { type: 'UserSignedIn', data: { uid: 'ana', signedInAt: T2 } })
      .then({ users: [{ ...anaRow, last_login: new Date(T2) }] }));

  it('UserProfileUpdated changes the username', () =>
    spec.given(registered(), { type: 'UserProfileUpdated', data: { uid: 'ana', username: 'Ana B', updatedAt: T1 } }).then({
      users: [{ ...anaRow, username: 'Ana B', updated_at: new Date(T1) }],
    }));

  it('UserRoleChanged sets the role, and back', () =>
    spec
      .given(
        registered(),
        { type: 'UserRoleChanged', data: { uid: 'ana', role: 'ADMIN', changedBy: 'cli', reason: null, changedAt: T1 } },
        { type: 'UserRoleChanged', data: { uid: 'ana', role: 'USER', changedBy: 'root', reason: 'left the team', changedAt: T2 } },
      )
      .then({ users: [{ ...anaRow, updated_at: new Date(T2) }] }));

  it('UserBanned records who banned the member, when and why; UserUnbanned clears it', async () => {
    const banned = { type: 'UserBanned', data: { uid: 'ana', bannedBy: 'admin-1', reason: 'Chargeback fraud', bannedAt: T1 } } as const;
    await spec.given(registered(), banned).then({
      users: [{ ...anaRow, is_banned: true, banned_at: new Date(T1), banned_by: 'admin-1', ban_reason: 'Chargeback fraud', updated_at: new Date(T1) }],
    });
    await spec
      .given(registered(), banned, { type: 'UserUnbanned', data: { uid: 'ana', unbannedBy: 'admin-2', reason: 'Appeal upheld', unbannedAt: T2 } })
      .then({ users: [{ ...anaRow, updated_at: new Date(T2) }] });
  });

  it('UserRegistered of an older log naming a taken email parks the later profile on a placeholder', () =>
    spec.given(registered(), registered({ uid: 'zed', email: 'ANA@example.com', username: 'zed', registeredAt: T1 })).then({
      users: [
        anaRow,
        { ...anaRow, uid: 'zed', email: `zed@${PARKED_EMAIL_DOMAIN}`, username: 'zed', created_at: new Date(T1), updated_at: new Date(T1) },
      ],
    }));

  it('events of other projections leave the users table as it was', () =>
    spec
      .given(registered(), { type: 'WelcomeBonusGranted', data: { uid: 'ana', earningId: 'bonus-ana', amountPence: 200, grantedAt: T1 } })
      .then({ users: [anaRow] }));
});
