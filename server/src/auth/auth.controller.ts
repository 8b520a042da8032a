import { Body, Controller, Headers, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/envelope';
import { ProfileService } from '../users/profile.service';
import { Auth, CurrentUser } from './auth.decorators';
import { ForgotPasswordDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';
import type { AuthUser } from './auth.types';
import { ResendVerificationThrottlerGuard } from './resend-verification-throttler.guard';

/** The token of an `Authorization: Bearer …` header the guard has verified. */
const bearerToken = (authorization: string) => authorization.replace(/^Bearer\s+/i, '');

@ApiTags('auth')
@Controller('auth')
@UseGuards(ThrottlerGuard)
export class AuthController {
  constructor(
    private readonly service: AuthService,
    private readonly profiles: ProfileService,
  ) {}

  @Post('register')
  @HttpCode(200)
  @Auth()
  @ApiOperation({
    summary: 'Create the member profile once, with the email of the ID token; grants the £2 welcome bonus once the email is verified',
  })
  async register(@CurrentUser() auth: AuthUser, @Body() dto: RegisterDto) {
    const { created, user } = await this.service.register(auth, dto);
    return ok({ user }, created ? 'User registered successfully' : 'User already registered');
  }

  @Post('verify-token')
  @HttpCode(200)
  @Auth()
  async verifyToken(@CurrentUser() auth: AuthUser) {
    return ok({ user: await this.service.verifyToken(auth) }, 'Token verified');
  }

  @Get('profile')
  @Auth()
  async profile(@CurrentUser() auth: AuthUser) {
    return ok({ user: await this.profiles.profile(auth.uid) }, 'Profile loaded');
  }

  @Post('logout')
  @HttpCode(200)
  @Auth()
  async logout(@CurrentUser() auth: AuthUser, @Headers('authorization') authorization: string) {
    await this.service.logout(auth.uid, bearerToken(authorization));
    return ok(null, 'Logged out successfully');
  }

  @Post('forgot-password')
  @HttpCode(200)
  @Throttle({ default: { limit: 5, ttl: 60_000 } })
  async forgotPassword(@Body() dto: ForgotPasswordDto) {
    await this.service.forgotPassword(dto.email);
    return ok(null, 'Password reset email sent');
  }

  @Post('resend-verification')
  @HttpCode(200)
  // Listed above @Auth(): Nest runs the lower decorator's guard first, so the member is known when counting.
  @UseGuards(ResendVerificationThrottlerGuard)
  @Auth()
  @ApiOperation({ summary: 'Send the verification email again (at most 3 per member every 10 minutes)' })
  async resendVerification(@CurrentUser() auth: AuthUser, @Headers('authorization') authorization: string) {
    // The guard has verified this bearer token; Firebase sends the email to its account.
    const { sent } = await this.service.resendVerification(auth, bearerToken(authorization));
    return ok({ sent }, sent ? 'Verification email sent! Please check your inbox.' : 'Your email is already verified');
  }

  @Post('sync-verification')
  @HttpCode(200)
  @Auth()
  async syncVerification(@CurrentUser() auth: AuthUser) {
    return ok({ user: await this.service.syncVerification(auth) }, 'Verification status synced');
  }
}
