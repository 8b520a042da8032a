import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { PayoutsQueryDto } from '../payouts/payouts.dto';
import { PayoutsService } from '../payouts/payouts.service';
import { WalletService } from '../wallet/wallet.service';
import { AdminUsersQueryDto, BanUserDto, UnbanUserDto, UpdateAdminUserDto } from './admin-users.dto';
import { AdminUsersService } from './admin-users.service';

/**
 * The admin users console. Paths are spelled out in full ('users/…') because other controllers share
 * the 'admin' prefix (the callbacks console serves 'users/:id/callbacks'). The view's balance,
 * statement and payouts are the member's own queries, asked for another uid.
 */
@ApiTags('admin')
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly wallet: WalletService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get('users')
  @AdminRoute()
  @ApiOperation({ summary: 'Members, filtered, sorted and paged, with the console stat cards' })
  async list(@Query() query: AdminUsersQueryDto) {
    return { success: true, message: 'Users loaded', ...(await this.users.page(query)) };
  }

  @Get('users/:id')
  @AdminRoute()
  async detail(@Param('id') uid: string) {
    return ok({ user: await this.users.detail(uid) }, 'User loaded');
  }

  @Put('users/:id')
  @AdminRoute()
  @ApiOperation({ summary: 'Change role (with a reason), username, or sync the verification flag' })
  async update(@CurrentUser() admin: AuthUser, @Param('id') uid: string, @Body() dto: UpdateAdminUserDto) {
    return ok({ user: await this.users.update(admin, uid, dto) }, 'User updated successfully');
  }

  @Post('users/:id/ban')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Suspend a member (reason required): every member call is refused and sign-in disabled' })
  async ban(@CurrentUser() admin: AuthUser, @Param('id') uid: string, @Body() dto: BanUserDto) {
    return ok({ user: await this.users.ban(admin, uid, dto.reason) }, 'User banned successfully');
  }

  @Post('users/:id/unban')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Lift a ban and re-enable sign-in' })
  async unban(@CurrentUser() admin: AuthUser, @Param('id') uid: string, @Body() dto: UnbanUserDto) {
    return ok({ user: await this.users.unban(admin, uid, dto.reason ?? null) }, 'User unbanned successfully');
  }

  @Get('users/:id/balance')
  @AdminRoute()
  async balance(@Param('id') uid: string) {
    await this.users.detail(uid);
    return ok(await this.wallet.detailedBalance(uid), 'Balance loaded');
  }

  @Get('users/:id/statement')
  @AdminRoute()
  async statement(@Param('id') uid: string) {
    await this.users.detail(uid);
    return ok(await this.wallet.statement(uid), 'Statement loaded');
  }

  @Get('users/:id/payouts')
  @AdminRoute()
  async payoutsOf(@Param('id') uid: string, @Query() query: PayoutsQueryDto) {
    await this.users.detail(uid);
    return { success: true, message: 'Payouts loaded', ...(await this.payouts.memberPage(uid, query)) };
  }
}
