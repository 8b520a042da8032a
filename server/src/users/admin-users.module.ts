import { Module } from '@nestjs/common';
import { PayoutRepository } from '../repositories/payout.repository';
import { BalanceRepository } from '../repositories/balance.repository';
import { UserRepository } from '../repositories/user.repository';
import { WalletRepository } from '../repositories/wallet.repository';
import { PayoutsService } from '../services/payouts.service';
import { WalletService } from '../services/wallet.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService } from './admin-users.service';
import { BanUserHandler, UnbanUserHandler } from './user-ban.commands';

/**
 * The admin users console and bans. UserRepository is here for the AuthGuard that @AdminRoute()
 * instantiates in this module's scope; the wallet and payout services are the members' own queries,
 * reused for the console's view of one member.
 */
@Module({
  controllers: [AdminUsersController],
  providers: [
    AdminUsersRepository,
    AdminUsersService,
    BanUserHandler,
    UnbanUserHandler,
    UserRepository,
    BalanceRepository,
    WalletRepository,
    WalletService,
    PayoutRepository,
    PayoutsService,
  ],
})
export class AdminUsersModule {}
