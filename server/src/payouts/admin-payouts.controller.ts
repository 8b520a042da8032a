import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { AdminPayoutsQueryDto, ApprovePayoutDto, PayoutReasonDto, ProcessPayoutDto, RejectPayoutDto, ResendRewardDto, ReturnPayoutDto } from './payouts.dto';
import { PayoutsService } from './payouts.service';

/** Payout decisions for admins; every route is enforced here, not only hidden in the client. */
@ApiTags('admin')
@Controller('admin')
export class AdminPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get('payouts')
  @AdminRoute()
  async list(@Query() query: AdminPayoutsQueryDto) {
    return { success: true, message: 'Payouts loaded', ...(await this.payouts.adminPage(query)) };
  }

  @Post('payouts/:id/approve')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  async approve(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ApprovePayoutDto) {
    return ok(await this.payouts.approve(admin, id, dto), 'Payout approved successfully');
  }

  @Post('payouts/:id/reject')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  async reject(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: RejectPayoutDto) {
    return ok(await this.payouts.reject(admin, id, dto.reason), 'Payout rejected successfully');
  }

  @Post('payouts/:id/process')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  async process(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ProcessPayoutDto) {
    return ok(await this.payouts.process(admin, id, dto), `Payout ${id.slice(0, 8)}... processed successfully!`);
  }

  @Post('payouts/:id/cancel')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  async cancel(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: PayoutReasonDto) {
    return ok(await this.payouts.cancelByAdmin(admin, id, dto.reason), 'Payout cancelled successfully');
  }

  @Post('payouts/:id/resend')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  async resend(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ResendRewardDto) {
    return ok(await this.payouts.resend(admin, id, dto.email), 'Reward will be sent again');
  }

  @Post('payouts/:id/return')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  async returnToBalance(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ReturnPayoutDto) {
    return ok(await this.payouts.returnToBalance(admin, id, dto.reason), 'Payout returned to the member\'s balance');
  }
}
