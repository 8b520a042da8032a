import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AuthGuard } from './auth.guard';
import { AUTH_OPTIONS, type AuthOptions, type AuthUser } from './auth.types';

/** Marks a route as needing a Firebase ID token (and optionally a verified email or the admin role). */
export const Auth = (options: AuthOptions = {}) =>
  applyDecorators(
    SetMetadata(AUTH_OPTIONS, options),
    UseGuards(AuthGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' }),
    ...(options.admin || options.verified ? [ApiForbiddenResponse({ description: 'Not allowed for this account' })] : []),
  );

export const AdminRoute = () => Auth({ admin: true });

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthUser => {
  return context.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
