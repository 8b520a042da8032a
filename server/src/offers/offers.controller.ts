import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute, Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { FeaturedOffersQueryDto, OfferProgressDto, OffersQueryDto } from './offers.dto';
import { OffersService } from './offers.service';

/** The offer catalogue for visitors and members. Static paths win over `:id`. */
@ApiTags('offers')
@Controller('offers')
export class OffersController {
  constructor(private readonly offers: OffersService) {}

  @Get('alloffers')
  @ApiOperation({ summary: 'Offers, filtered and paged (active ones unless status says otherwise)' })
  async all(@Query() query: OffersQueryDto) {
    return { success: true, message: 'Offers loaded', ...(await this.offers.list(query)) };
  }

  @Get('featured')
  @ApiOperation({ summary: 'Active featured offers, highest reward first' })
  async featured(@Query() query: FeaturedOffersQueryDto) {
    return ok(await this.offers.featured(query.limit), 'Featured offers loaded');
  }

  @Get('sitestats')
  async siteStats() {
    return ok(await this.offers.siteStats(), 'Site stats loaded');
  }

  @Get('categories/list')
  async categories() {
    return ok(await this.offers.categories(), 'Categories loaded');
  }

  @Get('debug')
  @AdminRoute()
  @ApiOperation({ summary: 'Catalogue counts and the last BitLabs sync (admin)' })
  async debug() {
    return ok(await this.offers.debug(), 'Offers debug');
  }

  @Get('balance/:userId')
  @Auth({ verified: true })
  @ApiOperation({ summary: "A member's balance, for that member or an admin" })
  async balance(@CurrentUser() auth: AuthUser, @Param('userId') userId: string) {
    return ok(await this.offers.balance(auth, userId), 'Balance loaded');
  }

  @Get(':id')
  @Auth({ optional: true })
  @ApiOperation({ summary: 'One offer by id or BitLabs api_id; with a token, is_completed shows the member’s tasks' })
  @ApiNotFoundResponse({ description: 'Offer not found' })
  async detail(@CurrentUser() auth: AuthUser | undefined, @Param('id') id: string) {
    return ok({ offer: await this.offers.detail(id, auth) }, 'Offer loaded');
  }

  @Post(':id/start')
  @HttpCode(HttpStatus.OK)
  @Auth({ verified: true })
  @ApiOperation({ summary: "Records the start and returns the member's own tracking link (click_url)" })
  @ApiNotFoundResponse({ description: 'Offer not found' })
  @ApiConflictResponse({ description: 'The offer is not active or has no tracking link' })
  async start(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    return ok(await this.offers.start(auth, id), 'Offer started');
  }

  @Put(':id/progress')
  @Auth({ verified: true })
  @ApiOperation({ summary: "Records what the member's client reports about a started offer (default in_progress)" })
  @ApiBody({ type: OfferProgressDto, required: false })
  @ApiConflictResponse({ description: 'Start this offer before reporting progress' })
  async progress(@CurrentUser() auth: AuthUser, @Param('id') id: string, @Body() dto: OfferProgressDto) {
    return ok(await this.offers.progress(auth, id, dto ?? {}), 'Progress recorded');
  }
}
