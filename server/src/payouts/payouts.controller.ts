import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { PAYOUT_REQUESTED_MESSAGE } from '@playquid/contracts';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { PayoutReasonDto, PayoutRequestDto, PayoutsQueryDto } from './payouts.dto';
import { PayoutsService } from './payouts.service';

/** The member's payouts. */
@ApiTags('users')
@Controller('users')
export class PayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Post('payout')
  @Auth({ verified: true, checkRevoked: true })
  @ApiConflictResponse({ description: 'A payout is already in progress' })
  async requestPayout(@CurrentUser() auth: AuthUser, @Body() _dto: PayoutRequestDto) {
    return ok(await this.payouts.request(auth), PAYOUT_REQUESTED_MESSAGE);
  }

  @Post('payout/:id/cancel')
  @HttpCode(HttpStatus.OK)
  @Auth({ verified: true, checkRevoked: true })
  async cancelPayout(@CurrentUser() auth: AuthUser, @Param('id') id: string, @Body() dto: PayoutReasonDto) {
    return ok(await this.payouts.cancelByMember(auth, id, dto.reason), 'Payout cancelled successfully');
  }

  @Get('payouts')
  @Auth({ verified: true })
  async payoutHistory(@CurrentUser() auth: AuthUser, @Query() query: PayoutsQueryDto) {
    return { success: true, message: 'Payouts loaded', ...(await this.payouts.memberPage(auth.uid, query)) };
  }
}
