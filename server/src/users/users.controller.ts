import { Body, Controller, Get, Put, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { MemberEventsService } from './member-events.service';
import { MemberStatsService } from './member-stats.service';
import { ProfileService } from './profile.service';
import { ProgressQueryDto, UpdateProfileDto } from './users.dto';

/** The member's own profile, offer progress and stats. */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly stats: MemberStatsService,
    private readonly events: MemberEventsService,
  ) {}

  /**
   * Server-Sent Events: `wallet` when the member's balance, earnings or payouts changed (the client
   * refetches them), a comment every 15 s. Not in the OpenAPI document: a stream never ends, which
   * request/response tools (and the route fuzzing) cannot use.
   */
  @Get('events')
  @Auth({ verified: true })
  @ApiExcludeEndpoint()
  memberEvents(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.events.open(auth.uid, request, reply);
  }

  @Get('profile')
  @Auth({ verified: true })
  async profile(@CurrentUser() auth: AuthUser) {
    return ok({ user: await this.profiles.profile(auth.uid) }, 'Profile loaded');
  }

  @Put('profile')
  @Auth({ verified: true })
  async updateProfile(@CurrentUser() auth: AuthUser, @Body() dto: UpdateProfileDto) {
    return ok({ user: await this.profiles.updateUsername(auth.uid, dto.username) }, 'Username updated successfully!');
  }

  @Get('progress')
  @Auth({ verified: true })
  async progress(@CurrentUser() auth: AuthUser, @Query() query: ProgressQueryDto) {
    return { success: true, message: 'Progress loaded', ...(await this.stats.progress(auth.uid, query)) };
  }

  @Get('stats')
  @Auth({ verified: true })
  async memberStats(@CurrentUser() auth: AuthUser) {
    return ok({ stats: await this.stats.stats(auth.uid) }, 'Stats loaded');
  }
}
