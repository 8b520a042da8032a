import { ACCOUNT_SUSPENDED_MESSAGE, type UserEvent } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { deciderSpec } from '../testing/decider-spec';
import { assertNotBanned, userDecider, welcomeBonusDue } from './user.decider';

const spec = deciderSpec(userDecider);
const now = '2026-11-22T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { uid: 'u1', email: 'ana@example.com', username: 'ana', gender: 'female', referredBy: null, emailVerified: false, registeredAt: now },
};

describe('user decider', () => {
  it('registers a new member', () =>
    spec
      .given([])
      .when({ type: 'RegisterUser', uid: 'u1', email: 'ana@example.com', username: 'ana', gender: 'female', referredBy: null, emailVerified: false, now })
      .then([registered]));

  it('ignores a self-referral', () =>
    spec
      .given([])
      .when({ type: 'RegisterUser', uid: 'u1', email: 'ana@example.com', username: 'ana', gender: 'female', referredBy: 'u1', emailVerified: false, now })
      .then([registered]));

  it('registers only once', () =>
    spec
      .given([registered])
      .when({ type: 'RegisterUser', uid: 'u1', email: 'ana@example.com', username: 'other', gender: 'male', referredBy: null, emailVerified: false, now })
      .then([]));

  it('marks the email verified once', () => {
    spec.given([registered]).when({ type: 'MarkEmailVerified', uid: 'u1', now }).then([{ type: 'UserEmailVerified', data: { uid: 'u1', verifiedAt: now } }]);
    spec.given([registered, { type: 'UserEmailVerified', data: { uid: 'u1', verifiedAt: now } }]).when({ type: 'MarkEmailVerified', uid: 'u1', now }).then([]);
  });

  it('refuses sign-in records for unknown users', () =>
    spec.given([]).when({ type: 'RecordSignIn', uid: 'u1', now }).thenThrows('User is not registered'));

  it('changes the role only when it differs', () => {
    spec
      .given([registered])
      .when({ type: 'ChangeRole', uid: 'u1', role: 'ADMIN', changedBy: 'cli', reason: null, now })
      .then([{ type: 'UserRoleChanged', data: { uid: 'u1', role: 'ADMIN', changedBy: 'cli', reason: null, changedAt: now } }]);
    spec
      .given([registered, { type: 'UserRoleChanged', data: { uid: 'u1', role: 'ADMIN', changedBy: 'cli', reason: null, changedAt: now } }])
      .when({ type: 'ChangeRole', uid: 'u1', role: 'ADMIN', changedBy: 'cli', reason: null, now })
      .then([]);
  });

  it('updates the username only when it changes', () => {
    spec
      .given([registered])
      .when({ type: 'UpdateUsername', uid: 'u1', username: 'ana_plays', now })
      .then([{ type: 'UserProfileUpdated', data: { uid: 'u1', username: 'ana_plays', updatedAt: now } }]);
    spec.given([registered]).when({ type: 'UpdateUsername', uid: 'u1', username: 'ana', now }).then([]);
  });
});

describe('bans (an admin suspends a member, with who and why)', () => {
  const admin: UserEvent = { type: 'UserRoleChanged', data: { uid: 'u1', role: 'ADMIN', changedBy: 'cli', reason: null, changedAt: now } };
  const banned: UserEvent = { type: 'UserBanned', data: { uid: 'u1', bannedBy: 'boss@playquid.test', reason: 'Chargeback fraud', bannedAt: now } };
  const ban = { type: 'BanUser', uid: 'u1', byUid: 'boss', bannedBy: 'boss@playquid.test', reason: 'Chargeback fraud', now } as const;
  const unban = { type: 'UnbanUser', uid: 'u1', unbannedBy: 'boss@playquid.test', reason: 'Appeal upheld', now } as const;

  it('bans a member, recording the admin and the reason', () => spec.given([registered]).when(ban).then([banned]));

  it('banning a banned member again changes nothing', () => spec.given([registered, banned]).when(ban).then([]));

  it('refuses an admin banning themselves', () => spec.given([registered]).when({ ...ban, byUid: 'u1' }).thenThrows('You cannot ban yourself'));

  it('refuses banning another admin', () => spec.given([registered, admin]).when(ban).thenThrows('Admins cannot be banned; remove the admin role first'));

  it('refuses banning someone who never registered', () => spec.given([]).when(ban).thenThrows('User not found'));

  it('lifts a ban, recording who and why', () =>
    spec
      .given([registered, banned])
      .when(unban)
      .then([{ type: 'UserUnbanned', data: { uid: 'u1', unbannedBy: 'boss@playquid.test', reason: 'Appeal upheld', unbannedAt: now } }]));

  it('refuses lifting a ban that is not there', () => spec.given([registered]).when(unban).thenThrows('This member is not banned'));

  it('a member banned, unbanned and banned again is banned', () => {
    const unbanned: UserEvent = { type: 'UserUnbanned', data: { uid: 'u1', unbannedBy: 'boss', reason: null, unbannedAt: now } };
    expect(fold(userDecider, [registered, banned, unbanned]).banned).toBe(false);
    expect(fold(userDecider, [registered, banned, unbanned, banned]).banned).toBe(true);
  });

  it('refuses making a banned member an admin, but lets a role go back to USER', () => {
    spec
      .given([registered, banned])
      .when({ type: 'ChangeRole', uid: 'u1', role: 'ADMIN', changedBy: 'boss', reason: 'helps moderate', now })
      .thenThrows('Unban the member before making them an admin');
    spec.given([registered, banned]).when({ type: 'ChangeRole', uid: 'u1', role: 'USER', changedBy: 'boss', reason: 'x', now }).then([]);
  });

  it('a banned member may not move money (checked on the write side of payouts)', () => {
    expect(() => assertNotBanned(fold(userDecider, [registered, banned]))).toThrow(ACCOUNT_SUSPENDED_MESSAGE);
    expect(() => assertNotBanned(fold(userDecider, [registered]))).not.toThrow();
  });
});

describe('welcome bonus (due only once the email is verified)', () => {
  const verified: UserEvent = { type: 'UserEmailVerified', data: { uid: 'u1', verifiedAt: now } };
  const bonusDueAfter = (events: UserEvent[]) => welcomeBonusDue(fold(userDecider, events));

  it('is not due for a profile created before verification', () => expect(bonusDueAfter([registered])).toBe(false));

  it('is due once the email is seen verified', () => expect(bonusDueAfter([registered, verified])).toBe(true));

  it('is due at once for a sign-up whose email is already verified (Google)', () =>
    expect(bonusDueAfter([{ ...registered, data: { ...registered.data, emailVerified: true } } as UserEvent])).toBe(true));

  it('is not due without a profile', () => expect(bonusDueAfter([])).toBe(false));
});
