import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AdminRoute, Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { AdminClaimsQueryDto, ClaimDecisionDto, ClaimWaitingDto, CreateClaimDto, MemberClaimsQueryDto } from './claims.dto';
import { ClaimDecisions } from './claim-decisions';
import { ClaimsService } from './claims.service';

export const CLAIM_MESSAGES = {
  opened: 'Claim sent. We compare it with our log and the partner’s records and answer on this page.',
  listed: 'Claims loaded',
  loaded: 'Claim loaded',
  waiting: 'Claim marked as waiting on the partner',
  approved: 'Claim approved and credited to the member',
  declined: 'Claim declined; the member sees the reason',
  timeline: 'Timeline loaded',
} as const;

/** A member's missing-credit claims. */
@ApiTags('claims')
@Controller('users/claims')
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Auth({ verified: true, checkRevoked: true })
  @ApiOperation({ summary: 'Report missing credit for a task of an offer the member started (no sooner than CLAIM_MIN_AGE_HOURS after the start)' })
  @ApiForbiddenResponse({ description: 'The member never started this offer' })
  @ApiConflictResponse({ description: 'Too early, a claim for this task is open or approved, or the task is already credited' })
  @ApiNotFoundResponse({ description: 'Offer or task not found' })
  async open(@CurrentUser() auth: AuthUser, @Body() dto: CreateClaimDto) {
    return ok({ claim: await this.claims.open(auth, dto) }, CLAIM_MESSAGES.opened);
  }

  @Get()
  @Auth({ verified: true })
  @ApiOperation({ summary: "The member's claims, newest first, with the service clock" })
  async list(@CurrentUser() auth: AuthUser, @Query() query: MemberClaimsQueryDto) {
    return { success: true, message: CLAIM_MESSAGES.listed, ...(await this.claims.memberList(auth, query)) };
  }

  @Get(':id')
  @Auth({ verified: true })
  @ApiOperation({ summary: "One of the member's claims" })
  @ApiNotFoundResponse({ description: 'Claim not found (or another member’s)' })
  async detail(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    return ok({ claim: await this.claims.memberDetail(auth, id) }, CLAIM_MESSAGES.loaded);
  }
}

/** Each task of an offer with its state from our own events (signed-in members). */
@ApiTags('offers')
@Controller('offers')
export class OfferTimelineController {
  constructor(private readonly claims: ClaimsService) {}

  @Get(':id/timeline')
  @Auth({ verified: true })
  @ApiOperation({ summary: "The offer's tasks for the member: not started, started, pending, approved, reversed or claimed" })
  @ApiNotFoundResponse({ description: 'Offer not found' })
  async timeline(@CurrentUser() auth: AuthUser, @Param('id') id: string) {
    return ok(await this.claims.timeline(auth, id), CLAIM_MESSAGES.timeline);
  }
}

/** The admin claims queue. Static paths ('claims/export') win over 'claims/:id'. */
@ApiTags('admin')
@Controller('admin')
export class AdminClaimsController {
  constructor(
    private readonly claims: ClaimsService,
    private readonly decisions: ClaimDecisions,
  ) {}

  @Get('claims')
  @AdminRoute()
  @ApiOperation({ summary: 'Missing-credit claims, newest first, filtered and paged' })
  async list(@Query() query: AdminClaimsQueryDto) {
    return { success: true, message: CLAIM_MESSAGES.listed, ...(await this.claims.adminList(query)) };
  }

  @Get('claims/export')
  @AdminRoute()
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'The filtered claims as a CSV for the partner (paging ignored; 400 above 50,000 rows)' })
  async export(@Query() query: AdminClaimsQueryDto) {
    const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
    return new StreamableFile(await this.claims.export(query), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="claims-${stamp}.csv"`,
    });
  }

  @Get('claims/:id')
  @AdminRoute()
  @ApiOperation({ summary: "A claim with its evidence: the member's start, our callbacks for them and the offer, other members' completions of the task" })
  @ApiNotFoundResponse({ description: 'Claim not found' })
  async detail(@Param('id') id: string) {
    return ok(await this.claims.adminDetail(id), CLAIM_MESSAGES.loaded);
  }

  @Post('claims/:id/waiting')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Mark an open claim as waiting on the partner' })
  async waiting(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ClaimWaitingDto) {
    return ok(await this.decisions.markWaiting(admin, id, dto ?? {}), CLAIM_MESSAGES.waiting);
  }

  @Post('claims/:id/approve')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: "Approve a claim: the task's reward is credited through the wallet as an earning with source claim (403 on one's own account)" })
  @ApiConflictResponse({
    description: 'Declined already, or the wallet refused the credit (the partner paid the task meanwhile, the account closed): the claim is then declined with that reason',
  })
  async approve(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ClaimDecisionDto) {
    return ok(await this.decisions.approve(admin, id, dto), CLAIM_MESSAGES.approved);
  }

  @Post('claims/:id/decline')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Decline a claim with a reason the member sees (403 on one’s own account)' })
  async decline(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ClaimDecisionDto) {
    return ok(await this.decisions.decline(admin, id, dto), CLAIM_MESSAGES.declined);
  }
}
