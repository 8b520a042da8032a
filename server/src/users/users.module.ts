import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { WalletModule } from '../wallet/wallet.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { MemberEventsService } from './member-events.service';
import { MemberStatsService } from './member-stats.service';
import { ProfileService } from './profile.service';
import { USER_COMMAND_HANDLERS } from './user.commands';
import { UserRepository } from './user.repository';
import { UsersController } from './users.controller';

/**
 * Members: their profile, offer progress and stats, the user-stream commands (sign-in, email
 * verification, username, role, bans) and the admin users console, whose view of one member reuses
 * the member's own wallet and payout queries.
 */
@Module({
  imports: [WalletModule, PayoutsModule, HealthModule],
  controllers: [UsersController, AdminUsersController],
  providers: [UserRepository, ProfileService, MemberStatsService, MemberEventsService, AdminUsersService, ...USER_COMMAND_HANDLERS],
  exports: [ProfileService],
})
export class UsersModule {}
