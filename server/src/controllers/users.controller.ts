import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { UpdateProfileDto } from '../dtos/auth.dto';
import { EarningsQueryDto, RecentEarningsQueryDto } from '../dtos/earnings.dto';
import { AuthService } from '../services/auth.service';
import { EarningsService } from '../services/earnings.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly earnings: EarningsService,
    private readonly auth: AuthService,
  ) {}

  @Get('profile')
  @Auth({ verified: true })
  async profile(@CurrentUser() auth: AuthUser) {
    return ok({ user: await this.auth.profile(auth.uid) }, 'Profile loaded');
  }

  @Put('profile')
  @Auth({ verified: true })
  async updateProfile(@CurrentUser() auth: AuthUser, @Body() dto: UpdateProfileDto) {
    return ok({ user: await this.auth.updateUsername(auth.uid, dto.username) }, 'Username updated successfully!');
  }

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
