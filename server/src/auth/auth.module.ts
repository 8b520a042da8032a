import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { FirebaseEmailClient } from './firebase-email.client';
import { MemberAccessRepository } from './member-access.repository';
import { RegisterMemberHandler } from './register-member.command';
import { VerifiedTokens } from './verified-tokens';

/**
 * Sign-up, sign-in and the Firebase emails; global because every feature's @Auth() routes run the
 * AuthGuard in their own module, and the guard needs the access lookup and token cache exported here.
 */
@Global()
@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [
    MemberAccessRepository,
    VerifiedTokens,
    AuthService,
    RegisterMemberHandler,
    {
      provide: FirebaseEmailClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new FirebaseEmailClient({ apiKey: config.firebaseWebApiKey, emulatorHost: config.firebaseAuthEmulatorHost }),
    },
  ],
  exports: [MemberAccessRepository, VerifiedTokens],
})
export class AuthModule {}
