import { ACCOUNT_SUSPENDED_MESSAGE, ADMIN_USER_TEXT, type Gender, type Role, type UserEvent } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';

export interface UserState {
  registered: boolean;
  uid: string | null;
  email: string | null;
  username: string | null;
  gender: Gender | null;
  role: Role;
  emailVerified: boolean;
  referredBy: string | null;
  registeredAt: string | null;
  lastLogin: string | null;
  banned: boolean;
  /** AccountClosed: nothing more is decided for this member. */
  closed: boolean;
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      uid: string;
      email: string;
      username: string;
      gender: Gender | null;
      referredBy: string | null;
      emailVerified: boolean;
      now: string;
    }
  | { type: 'RecordSignIn'; uid: string; now: string }
  | { type: 'MarkEmailVerified'; uid: string; now: string }
  | { type: 'UpdateUsername'; uid: string; username: string; now: string }
  | { type: 'ChangeRole'; uid: string; role: Role; changedBy: string; reason: string | null; now: string }
  /** `byUid` is the admin's uid, so the rule "not yourself" is decided here, not in a controller. */
  | { type: 'BanUser'; uid: string; byUid: string; bannedBy: string; reason: string; now: string }
  | { type: 'UnbanUser'; uid: string; unbannedBy: string; reason: string | null; now: string }
  /** `byUid`: who closes it (the member, or an admin acting on a written request: never their own account). */
  | { type: 'CloseAccount'; uid: string; byUid: string; closedBy: string; byAdmin: boolean; reason: string | null; forfeitedPence: number; now: string };

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({
    registered: false,
    uid: null,
    email: null,
    username: null,
    gender: null,
    role: 'USER',
    emailVerified: false,
    referredBy: null,
    registeredAt: null,
    lastLogin: null,
    banned: false,
    closed: false,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          registered: true,
          uid: event.data.uid,
          email: event.data.email,
          username: event.data.username,
          gender: event.data.gender,
          emailVerified: event.data.emailVerified,
          referredBy: event.data.referredBy,
          registeredAt: event.data.registeredAt,
        };
      case 'UserEmailVerified':
        return { ...state, emailVerified: true };
      case 'UserSignedIn':
        return { ...state, lastLogin: event.data.signedInAt };
      case 'UserProfileUpdated':
        return { ...state, username: event.data.username };
      case 'UserRoleChanged':
        return { ...state, role: event.data.role };
      case 'UserBanned':
        return { ...state, banned: true };
      case 'UserUnbanned':
        return { ...state, banned: false };
      case 'AccountClosed':
        return { ...state, closed: true };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        // Registration is idempotent: a second call (retry, Google sign-in again) changes nothing.
        if (state.registered) return [];
        const referredBy = command.referredBy && command.referredBy !== command.uid ? command.referredBy : null;
        return [
          {
            type: 'UserRegistered',
            data: {
              uid: command.uid,
              email: command.email,
              username: command.username,
              gender: command.gender,
              referredBy,
              emailVerified: command.emailVerified,
              registeredAt: command.now,
            },
          },
        ];
      }
      case 'RecordSignIn':
        if (!state.registered) throw new DomainError('User is not registered', 'not_found');
        return [{ type: 'UserSignedIn', data: { uid: command.uid, signedInAt: command.now } }];
      case 'MarkEmailVerified':
        if (!state.registered) throw new DomainError('User is not registered', 'not_found');
        return state.emailVerified ? [] : [{ type: 'UserEmailVerified', data: { uid: command.uid, verifiedAt: command.now } }];
      case 'UpdateUsername':
        if (!state.registered) throw new DomainError('User is not registered', 'not_found');
        if (state.username === command.username) return [];
        return [{ type: 'UserProfileUpdated', data: { uid: command.uid, username: command.username, updatedAt: command.now } }];
      case 'ChangeRole':
        if (!state.registered) throw new DomainError('User is not registered', 'not_found');
        if (state.role === command.role) return [];
        // A banned admin would be a contradiction: bans are for members only.
        if (command.role === 'ADMIN' && state.banned) throw new DomainError(ADMIN_USER_TEXT.cannotPromoteBanned, 'conflict');
        return [
          {
            type: 'UserRoleChanged',
            data: { uid: command.uid, role: command.role, changedBy: command.changedBy, reason: command.reason, changedAt: command.now },
          },
        ];
      case 'BanUser':
        if (!state.registered) throw new DomainError(ADMIN_USER_TEXT.notFound, 'not_found');
        if (command.byUid === command.uid) throw new DomainError(ADMIN_USER_TEXT.cannotBanSelf, 'forbidden');
        if (state.role === 'ADMIN') throw new DomainError(ADMIN_USER_TEXT.cannotBanAdmin, 'forbidden');
        // Banning again changes nothing; the caller still re-applies the identity-provider side.
        if (state.banned) return [];
        return [{ type: 'UserBanned', data: { uid: command.uid, bannedBy: command.bannedBy, reason: command.reason, bannedAt: command.now } }];
      case 'UnbanUser':
        if (!state.registered) throw new DomainError(ADMIN_USER_TEXT.notFound, 'not_found');
        if (!state.banned) throw new DomainError(ADMIN_USER_TEXT.notBanned, 'conflict');
        return [
          { type: 'UserUnbanned', data: { uid: command.uid, unbannedBy: command.unbannedBy, reason: command.reason, unbannedAt: command.now } },
        ];
      case 'CloseAccount':
        if (!state.registered) throw new DomainError(ADMIN_USER_TEXT.notFound, 'not_found');
        if (state.closed) throw new DomainError(ACCOUNT_CLOSED_MESSAGE, 'conflict');
        if (command.byAdmin && command.byUid === command.uid) throw new DomainError(CLOSE_OWN_ACCOUNT_AS_ADMIN, 'forbidden');
        if (command.byAdmin && !command.reason?.trim()) throw new DomainError('State the written request this closure acts on', 'invalid');
        return [
          {
            type: 'AccountClosed',
            data: {
              uid: command.uid,
              closedBy: command.closedBy,
              byAdmin: command.byAdmin,
              reason: command.reason,
              forfeitedPence: command.forfeitedPence,
              closedAt: command.now,
            },
          },
        ];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};

/**
 * The £2 welcome bonus is for a member whose email is verified: granted when the email is first
 * seen verified (at sign-up or later), never for a profile that merely exists. Granting it is safe
 * to repeat, since the wallet decider refuses a second bonus.
 */
export const welcomeBonusDue = (state: UserState): boolean => state.registered && state.emailVerified;

/**
 * A banned member moves no money: the payout request checks this on the write side, so it holds
 * even for a caller that got past the auth guard.
 */
export const ACCOUNT_CLOSED_MESSAGE = 'This account is closed';
export const CLOSE_OWN_ACCOUNT_AS_ADMIN = 'An admin cannot act on a privacy request for their own account';

export function assertNotBanned(state: UserState): void {
  if (state.banned) throw new DomainError(ACCOUNT_SUSPENDED_MESSAGE, 'forbidden');
}
