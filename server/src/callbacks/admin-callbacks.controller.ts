import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AdminRoute, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { CallbacksConsoleService } from './callbacks-console.service';
import { CallbacksQueryDto, ReviewCallbackDto } from './callbacks.dto';

/**
 * The admin callbacks console. Every path is spelled out in full ('callbacks/…', 'users/:id/callbacks',
 * 'offers/:id/callbacks') because other controllers share the 'admin' prefix; Fastify's router
 * prefers static segments, so 'callbacks/stats' and 'callbacks/export' never reach 'callbacks/:id'.
 */
@ApiTags('admin')
@Controller('admin')
export class AdminCallbacksController {
  constructor(private readonly callbacks: CallbacksConsoleService) {}

  @Get('callbacks')
  @AdminRoute()
  @ApiOperation({ summary: 'Partner callbacks, newest first, with the console filters' })
  async list(@Query() query: CallbacksQueryDto) {
    return { success: true, message: 'Callbacks loaded', ...(await this.callbacks.page(query)) };
  }

  @Get('callbacks/stats')
  @AdminRoute()
  async stats() {
    return ok({ stats: await this.callbacks.stats() }, 'Callback statistics loaded');
  }

  @Get('callbacks/export')
  @AdminRoute()
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The filtered callbacks as a CSV download (paging parameters are ignored; 400 above 50,000 rows)' })
  async export(@Query() query: CallbacksQueryDto) {
    const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
    return new StreamableFile(await this.callbacks.export(query), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="callbacks-${stamp}.csv"`,
    });
  }

  @Get('callbacks/:id')
  @AdminRoute()
  async detail(@Param('id') id: string) {
    return ok({ callback: await this.callbacks.detail(id) }, 'Callback loaded');
  }

  @Post('callbacks/:id/reprocess')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Retry a callback whose processing failed (409 otherwise, 422 when it fails again)' })
  async reprocess(@Param('id') id: string) {
    return ok(await this.callbacks.reprocess(id), 'Callback reprocessed successfully!');
  }

  @Post('callbacks/:id/review/approve')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Release a credit held for review (reason required; 409 when it is not held any more)' })
  async approveHeld(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ReviewCallbackDto) {
    return ok(await this.callbacks.review(id, 'approve', { uid: admin.uid, name: admin.email ?? admin.uid }, dto.reason), 'Held credit approved');
  }

  @Post('callbacks/:id/review/reject')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Refuse a credit held for review (reason required; 409 when it is not held any more)' })
  async rejectHeld(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ReviewCallbackDto) {
    return ok(await this.callbacks.review(id, 'reject', { uid: admin.uid, name: admin.email ?? admin.uid }, dto.reason), 'Held credit rejected');
  }

  @Get('users/:id/callbacks')
  @AdminRoute()
  async forUser(@Param('id') uid: string, @Query() query: CallbacksQueryDto) {
    return { success: true, message: 'Callbacks loaded', ...(await this.callbacks.page(query, { userId: uid })) };
  }

  @Get('offers/:id/callbacks')
  @AdminRoute()
  async forOffer(@Param('id') offerId: string, @Query() query: CallbacksQueryDto) {
    return { success: true, message: 'Callbacks loaded', ...(await this.callbacks.page(query, { offerId })) };
  }
}
