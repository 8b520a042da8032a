import { BadRequestException, Controller, ForbiddenException, Get, Inject, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { callbackSignature } from '../callbacks/callback-signature';
import { ok } from '../common/envelope';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RecordPartnerStatusCommand, type RecordPartnerStatusResult } from './partner-status.command';

/** The ban callback's parameters (names chosen in the BitLabs dashboard, like the reward callback's). */
export class BanCallbackQueryDto {
  @ApiProperty({ description: 'our member id ([%USER:UID%])' })
  @IsString()
  @MaxLength(128)
  uid!: string;

  @ApiProperty({ description: 'BAN_STATE: active, banned, shadow_ban, review or on_hold' })
  @IsString()
  @MaxLength(32)
  state!: string;

  @ApiPropertyOptional({ description: 'BAN_REASON, shown to the member and to admins' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;

  @ApiPropertyOptional({ description: 'when the hold ends: ISO 8601, or Unix seconds' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  until?: string;

  @ApiPropertyOptional({ description: 'HMAC-SHA1 of the URL before &hash= (BitLabs appends it)' })
  @IsOptional()
  @IsString()
  hash?: string;
}

/** `until` as an ISO time: Unix seconds or any date Date understands; a 400 otherwise. */
export function banEndTime(until: string | undefined): string | null {
  if (until === undefined || until.trim() === '') return null;
  const value = until.trim();
  const date = /^\d{9,11}$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new BadRequestException(`until must be an ISO 8601 time or Unix seconds, got "${value}"`);
  return date.toISOString();
}

@ApiTags('bitlabs')
@Controller('bitlabs')
export class BitlabsBanController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('ban-callback')
  @RouteConfig({ helmet: { skipRoute: true } })
  @ApiOperation({
    summary: 'BitLabs ban callback (signed GET): the member\'s account state at the partner',
    description:
      'Any state but active holds the member\'s payouts (reason and end time shown to the member and admins); active lifts the hold. ' +
      '200 once recorded (also for a repeat), 403 for a bad hash or source IP, 400 for an unknown state or end time, 404 for an unknown member.',
  })
  async banCallback(@Req() request: FastifyRequest, @Query() query: BanCallbackQueryDto) {
    if (!callbackSignature(request, this.config.bitlabs).valid) throw new ForbiddenException('Invalid signature');
    const allowed = this.config.bitlabs.allowedIps;
    if (allowed.length > 0 && !allowed.includes(request.ip)) throw new ForbiddenException('Source IP not allowed');
    const result: RecordPartnerStatusResult = await this.commandBus.execute(
      new RecordPartnerStatusCommand(query.uid, query.state, query.reason ?? null, banEndTime(query.until)),
    );
    return ok({ uid: query.uid, state: query.state.trim().toLowerCase(), changed: result.changed }, result.changed ? 'Partner status recorded' : 'Partner status unchanged');
  }
}
