import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute, CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth.types';
import { ok } from '../common/envelope';
import { BitlabsAdminService, type CallbackDispatch } from './bitlabs-admin.service';
import { ActivityQueryDto, TriggerCallbackDto } from './callbacks.dto';

/** The partner's answer decides the message: 200 means the intake stored it, anything else says why not. */
const sentMessage = (label: string, dispatch: CallbackDispatch) => `${label}: the callback endpoint answered ${dispatch.status}`;

/** Admin tools of the BitLabs integration; the partner's own callback route stays in BitlabsController. */
@ApiTags('bitlabs')
@Controller('bitlabs')
export class BitlabsAdminController {
  constructor(private readonly bitlabs: BitlabsAdminService) {}

  @Get('status')
  @AdminRoute()
  @ApiOperation({ summary: 'Integration configuration and the last 24 hours of callbacks' })
  async status() {
    return ok(await this.bitlabs.status(), 'BitLabs status loaded');
  }

  @Get('activity')
  @AdminRoute()
  @ApiOperation({ summary: 'Callbacks per UTC hour and per state over the last `hours` hours (1 to 168)' })
  async activity(@Query() query: ActivityQueryDto) {
    return ok(await this.bitlabs.activity(query.hours), 'BitLabs activity loaded');
  }

  @Post('test')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: "A signed debug callback for the calling admin (recorded, never credited), sent through the real endpoint; returns the endpoint's answer" })
  async test(@CurrentUser() admin: AuthUser) {
    const dispatch = await this.bitlabs.test(admin);
    return ok(dispatch, sentMessage('Test callback sent', dispatch));
  }

  @Post('callback/trigger')
  @HttpCode(HttpStatus.OK)
  @AdminRoute()
  @ApiOperation({ summary: 'Send a correctly signed callback through the real endpoint, as BitLabs would' })
  async trigger(@CurrentUser() admin: AuthUser, @Body() dto: TriggerCallbackDto) {
    const dispatch = await this.bitlabs.trigger(dto, admin);
    return ok(dispatch, sentMessage('Callback sent', dispatch));
  }
}
