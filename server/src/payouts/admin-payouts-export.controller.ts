import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../auth/auth.decorators';
import { PayoutsExportQueryDto, PayoutsExportService } from './payouts-export';

/** Finance's CSV of payouts and their events (static path: never taken for `payouts/:id`). */
@ApiTags('admin')
@Controller('admin')
export class AdminPayoutsExportController {
  constructor(private readonly exports: PayoutsExportService) {}

  @Get('payouts/export')
  @AdminRoute()
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Payouts requested in a date range, one row per payout event (ids, amounts in pounds and pence, admins), streamed CSV; 400 above 50,000 payouts' })
  @ApiBadRequestResponse({ description: 'from/to missing or not dates, from after to, range over 366 days, or too many payouts' })
  async export(@Query() query: PayoutsExportQueryDto) {
    return new StreamableFile(await this.exports.export(query), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="payouts-${query.from}-to-${query.to}.csv"`,
    });
  }
}
