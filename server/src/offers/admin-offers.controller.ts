import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { AdminOffersService } from './admin-offers.service';
import { AdminStatsService } from './admin-stats.service';
import { AdminOfferDto, AdminOffersQueryDto, AnchorDto, FeaturedQueryDto, StatusQueryDto } from './offers.dto';

/** Manage Offers and the analytics dashboard: 401 for visitors, 403 for members. */
@ApiTags('admin')
@Controller('admin')
export class AdminOffersController {
  constructor(
    private readonly offers: AdminOffersService,
    private readonly stats: AdminStatsService,
  ) {}

  @Get('stats')
  @AdminRoute()
  @ApiOperation({ summary: 'Revenue (company USD, client GBP), signups, conversion, offer counts, top offers' })
  async adminStats() {
    return ok({ stats: await this.stats.stats() }, 'Admin statistics loaded');
  }

  @Get('offers')
  @AdminRoute()
  async list(@Query() query: AdminOffersQueryDto) {
    return { success: true, message: 'Offers loaded', ...(await this.offers.list(query)) };
  }

  @Post('offers')
  @AdminRoute()
  @ApiOperation({ summary: 'A manual offer (title required; a draft unless status says otherwise)' })
  async create(@CurrentUser() admin: AuthUser, @Body() dto: AdminOfferDto) {
    return ok({ offer: await this.offers.create(admin, dto) }, 'Offer created successfully');
  }

  @Post('offers/featured/clear')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Clear All Featured' })
  @ApiConflictResponse({ description: 'No featured offers to clear' })
  async clearFeatured(@CurrentUser() admin: AuthUser) {
    const data = await this.offers.clearFeatured(admin);
    return ok(data, `Cleared ${data.offer_ids.length} featured offers`);
  }

  @Put('offers/:id')
  @AdminRoute()
  async update(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: AdminOfferDto) {
    return ok({ offer: await this.offers.update(admin, id, dto) }, 'Offer updated successfully');
  }

  @Delete('offers/:id')
  @AdminRoute()
  async remove(@CurrentUser() admin: AuthUser, @Param('id') id: string) {
    return ok(await this.offers.remove(admin, id), 'Offer deleted successfully');
  }

  @Put('offers/:id/anchor')
  @AdminRoute()
  async anchor(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: AnchorDto) {
    return ok({ offer: await this.offers.setAnchor(admin, id, dto.anchor) }, 'Anchor updated successfully');
  }

  @Put('offers/:id/featured')
  @AdminRoute()
  @ApiOperation({ summary: 'Features or unfeatures every offer sharing this offer’s anchor' })
  @ApiBadRequestResponse({ description: 'This offer has no anchor' })
  @ApiConflictResponse({ description: 'The featured total would pass 16' })
  async featured(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Query() query: FeaturedQueryDto) {
    const data = await this.offers.setFeatured(admin, id, query.featured);
    return ok(data, data.featured ? 'Offers featured successfully' : 'Offers unfeatured successfully');
  }

  @Put('offers/:id/status')
  @AdminRoute()
  @ApiOperation({ summary: 'Sets new_status, or toggles (active <-> inactive, draft -> active) without it' })
  @ApiConflictResponse({ description: 'A transition the status rules do not allow' })
  async status(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Query() query: StatusQueryDto) {
    return ok({ offer: await this.offers.setStatus(admin, id, query.new_status) }, 'Offer status updated successfully');
  }
}
