import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { AsOfQueryDto, STATEMENT_PAGE_SIZE, StatementQueryDto } from './wallet.dto';
import { WalletService } from './wallet.service';

/** The member's money: balance, detailed balance and statement, now or `?as_of=` a past moment. */
@ApiTags('users')
@Controller('users')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  @Get('balance')
  @Auth({ verified: true })
  @ApiBadRequestResponse({ description: 'as_of is not an ISO-8601 timestamp or is in the future' })
  async balance(@CurrentUser() auth: AuthUser, @Query() query: AsOfQueryDto) {
    return ok(await this.wallet.balance(auth.uid, query.as_of), 'Balance loaded');
  }

  @Get('balance/detailed')
  @Auth({ verified: true })
  @ApiBadRequestResponse({ description: 'as_of is not an ISO-8601 timestamp or is in the future' })
  async detailedBalance(@CurrentUser() auth: AuthUser, @Query() query: AsOfQueryDto) {
    return ok(await this.wallet.detailedBalance(auth.uid, query.as_of), 'Balance loaded');
  }

  @Get('statement')
  @Auth({ verified: true })
  @ApiBadRequestResponse({ description: 'as_of is not an ISO-8601 timestamp or is in the future' })
  async statement(@CurrentUser() auth: AuthUser, @Query() query: StatementQueryDto) {
    const paged = query.page !== undefined || query.per_page !== undefined;
    return ok(
      await this.wallet.statement(auth.uid, query.as_of, paged ? { page: query.page ?? 1, perPage: query.per_page ?? STATEMENT_PAGE_SIZE } : undefined),
      'Statement loaded',
    );
  }
}
