import { BadRequestException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ADMIN_USER_TEXT, type AdminUserDetail, type AdminUserRow, type AdminUsersPage, penceToPounds, type Role, streams } from '@playquid/contracts';
import type { Auth } from 'firebase-admin/auth';
import { pageOffset, paging, userDecider, type UserState } from '@playquid/domain';
import { type AuthUser, isAdminRole } from '../auth/auth.types';
import { VerifiedTokens } from '../auth/verified-tokens';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { FIREBASE_AUTH } from '../infra/tokens';
import { aggregateStream } from '../cqrs/command-handler';
import type { AdminUsersQueryDto, UpdateAdminUserDto } from './admin-users.dto';
import { type Actor, BanUserCommand, ChangeRoleCommand, MarkEmailVerifiedCommand, UnbanUserCommand, UpdateUsernameCommand } from './user.commands';
import { type UserRecord, UserRepository } from './user.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const NOTHING_TO_UPDATE = 'Nothing to update: send role, username or sync_verification';

function toRow(r: UserRecord): AdminUserRow {
  return {
    uid: r.uid,
    username: r.username,
    email: r.email,
    role: isAdminRole(r.role) ? 'ADMIN' : 'USER',
    is_verified: r.is_verified,
    is_banned: r.is_banned,
    ban: r.is_banned && r.banned_at ? { banned_at: iso(r.banned_at)!, banned_by: r.banned_by ?? '', reason: r.ban_reason ?? '' } : null,
    partner_hold: r.partner_hold_state ? { state: r.partner_hold_state, reason: r.partner_hold_reason, until: iso(r.partner_hold_until) } : null,
    total_earned: penceToPounds(r.total_earned_pence),
    total_earned_pence: r.total_earned_pence,
    pending_earnings: penceToPounds(r.pending_pence),
    pending_earnings_pence: r.pending_pence,
    completed_offers: r.completed_offers,
    referral_count: r.referral_count,
    created_at: iso(r.created_at)!,
    last_login: iso(r.last_login),
  };
}

function toDetail(r: UserRecord): AdminUserDetail {
  return {
    ...toRow(r),
    gender: r.gender,
    referred_by: r.referred_by,
    balance: {
      available_pence: r.available_pence,
      pending_pence: r.pending_pence,
      total_earned_pence: r.total_earned_pence,
      paid_out_pence: r.paid_out_pence,
    },
  };
}

/**
 * The answer to a write: the read row (money, counts) with what the write side just decided laid
 * over it, since the projection may be a moment behind. The ban's time is the row's, or `now`.
 */
function withState(detail: AdminUserDetail, state: UserState, now: Date, actor: Actor | null, reason: string | null): AdminUserDetail {
  const becameBanned = state.banned && !detail.is_banned;
  return {
    ...detail,
    username: state.username ?? detail.username,
    role: state.role,
    is_verified: state.emailVerified,
    is_banned: state.banned,
    ban: !state.banned ? null : becameBanned ? { banned_at: now.toISOString(), banned_by: actor?.name ?? '', reason: reason ?? '' } : detail.ban,
  };
}

const actorOf = (admin: AuthUser): Actor => ({ uid: admin.uid, name: admin.email ?? admin.uid });

@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FIREBASE_AUTH) private readonly firebase: Auth,
    private readonly clock: Clock,
    private readonly verifiedTokens: VerifiedTokens,
  ) {}

  async page(query: AdminUsersQueryDto): Promise<Omit<AdminUsersPage, 'success' | 'message'>> {
    const [{ rows, total, estimated }, stats] = await Promise.all([
      this.users.page({
        search: query.search,
        role: query.role,
        status: query.status,
        sortBy: query.sort_by,
        sortOrder: query.sort_order,
        limit: query.per_page,
        offset: pageOffset(query.page, query.per_page),
      }),
      this.users.stats(this.clock.now()),
    ]);
    return { data: rows.map(toRow), ...paging(query.page, query.per_page, total), total_estimated: estimated, stats };
  }

  async detail(uid: string): Promise<AdminUserDetail> {
    const row = await this.users.find(uid);
    if (!row) throw new NotFoundException(ADMIN_USER_TEXT.notFound);
    return toDetail(row);
  }

  /**
   * Role, username and a verification sync, each its own event on the user stream. Every rule is
   * checked before the first write, so a refused request writes nothing.
   */
  async update(admin: AuthUser, uid: string, dto: UpdateAdminUserDto): Promise<AdminUserDetail> {
    if (dto.role === undefined && dto.username === undefined && dto.sync_verification !== true) throw new BadRequestException(NOTHING_TO_UPDATE);
    const before = await this.detail(uid);
    const { state: current } = await aggregateStream(this.store, streams.user(uid), userDecider);
    const roleChanges = dto.role !== undefined && dto.role !== current.role;
    if (roleChanges && uid === admin.uid) throw new ForbiddenException(ADMIN_USER_TEXT.cannotChangeOwnRole);
    if (roleChanges && !dto.reason) throw new BadRequestException(ADMIN_USER_TEXT.roleReasonRequired);
    const verifiedByProvider = dto.sync_verification === true ? await this.providerVerified(uid) : false;

    let state = current;
    if (roleChanges) state = await this.commandBus.execute(new ChangeRoleCommand(uid, dto.role as Role, actorOf(admin).name, dto.reason ?? null));
    if (dto.username !== undefined) state = await this.commandBus.execute(new UpdateUsernameCommand(uid, dto.username));
    if (verifiedByProvider) state = await this.commandBus.execute(new MarkEmailVerifiedCommand(uid));
    return withState(before, state, this.clock.now(), null, null);
  }

  async ban(admin: AuthUser, uid: string, reason: string): Promise<AdminUserDetail> {
    const before = await this.detail(uid);
    const actor = actorOf(admin);
    const state: UserState = await this.commandBus.execute(new BanUserCommand(uid, actor, reason));
    // After the event: the ban holds from the log (the guard reads it) even if Firebase is down,
    // and banning again re-applies this step. The member's tokens are then verified afresh, so
    // Firebase's refusal of the disabled account applies from their very next call.
    await this.setSignInDisabled(uid, true);
    this.verifiedTokens.forgetMember(uid);
    return withState(before, state, this.clock.now(), actor, reason);
  }

  async unban(admin: AuthUser, uid: string, reason: string | null): Promise<AdminUserDetail> {
    const before = await this.detail(uid);
    const state: UserState = await this.commandBus.execute(new UnbanUserCommand(uid, actorOf(admin), reason));
    await this.setSignInDisabled(uid, false);
    return withState(before, state, this.clock.now(), null, null);
  }

  private async providerVerified(uid: string): Promise<boolean> {
    try {
      return (await this.firebase.getUser(uid)).emailVerified;
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') throw new NotFoundException('No sign-in account found for this member');
      throw error;
    }
  }

  /** A disabled Firebase account can neither refresh its tokens nor sign in. */
  private async setSignInDisabled(uid: string, disabled: boolean): Promise<void> {
    try {
      await this.firebase.updateUser(uid, { disabled });
    } catch (error) {
      // Profiles created without a sign-in account (imports, tests) have nothing to disable.
      if ((error as { code?: string }).code === 'auth/user-not-found') return;
      this.logger.error({ err: error, uid, disabled }, 'could not change the sign-in account; the ban itself is recorded');
    }
  }
}
