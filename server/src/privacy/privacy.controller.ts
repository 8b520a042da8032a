import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute, Auth, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { ActOnPrivacyRequestDto, CloseAccountDto, RecordPrivacyRequestDto } from './privacy.dto';
import { PrivacyService } from './privacy.service';

/** The member's privacy rights: download their data, close their account. */
@ApiTags('users')
@Controller('users')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('data-export')
  @Auth()
  @ApiOperation({ summary: 'Everything PlayQuid holds about the member, as JSON' })
  async dataExport(@CurrentUser() auth: AuthUser) {
    return ok({ export: await this.privacy.dataExport(auth.uid) }, 'Your data');
  }

  @Get('closure')
  @Auth()
  @ApiOperation({ summary: 'What closing the account would do to the balance, before confirming' })
  async closurePreview(@CurrentUser() auth: AuthUser) {
    return ok({ closure: await this.privacy.closurePreview(auth.uid) }, 'Closure preview');
  }

  @Post('close')
  @Auth()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Close the account: balance withdrawn first or forfeited with confirmation; personal data erased' })
  async close(@CurrentUser() auth: AuthUser, @Body() dto: CloseAccountDto) {
    const result = await this.privacy.closeOwn(auth, dto.confirm_forfeit === true);
    return ok({ closed_at: result.closedAt, forfeited_pence: result.forfeitedPence }, 'Your account is closed');
  }
}

/** The privacy desk: every request with its 30-day clock; written requests recorded and acted on. */
@ApiTags('admin')
@Controller('admin')
export class AdminPrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('privacy-requests')
  @AdminRoute()
  async list() {
    return ok({ requests: await this.privacy.requests() }, 'Privacy requests loaded');
  }

  @Post('privacy-requests')
  @AdminRoute()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Record a written privacy request (export, closure, erasure)' })
  async record(@CurrentUser() admin: AuthUser, @Body() dto: RecordPrivacyRequestDto) {
    return ok({ request: await this.privacy.recordWritten(admin, dto.uid, dto.kind, dto.reason) }, 'Request recorded');
  }

  @Post('privacy-requests/:id/act')
  @AdminRoute()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Act on a recorded written request (never on your own account)' })
  async act(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: ActOnPrivacyRequestDto) {
    return ok(await this.privacy.act(admin, id, dto.confirm_forfeit === true), 'Request completed');
  }
}
