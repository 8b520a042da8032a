import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute, Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { AdminEarningsQueryDto, EarningsQueryDto, RecentEarningsQueryDto } from './earnings.dto';
import { EarningsService } from './earnings.service';

/** The member's own earnings: the filtered, paged list with its summary, and the most recent few. */
@ApiTags('users')
@Controller('users')
export class EarningsController {
  constructor(private readonly earnings: EarningsService) {}

  @Get('earnings')
  @Auth({ verified: true })
  async earningsPage(@CurrentUser() auth: AuthUser, @Query() query: EarningsQueryDto) {
    return { success: true, message: 'Earnings loaded', ...(await this.earnings.page(auth.uid, query)) };
  }

  @Get('earnings/recent')
  @Auth({ verified: true })
  async recentEarnings(@CurrentUser() auth: AuthUser, @Query() query: RecentEarningsQueryDto) {
    return ok(await this.earnings.recent(auth.uid, query.limit), 'Recent earnings loaded');
  }
}

/** Every member's earnings for admins (the earnings ledger). */
@ApiTags('admin')
@Controller('admin')
export class AdminEarningsController {
  constructor(private readonly earnings: EarningsService) {}

  @Get('earnings')
  @AdminRoute()
  async earningsLedger(@Query() query: AdminEarningsQueryDto) {
    return { success: true, message: 'Earnings loaded', ...(await this.earnings.adminPage(query)) };
  }
}
