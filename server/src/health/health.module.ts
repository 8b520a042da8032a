import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ProjectionLagService } from './projection-lag';
import { ShutdownState } from './shutdown-state';

/** GET /api/health (Postgres, Redis, projection lag), /api/health/live and /api/health/ready; the drain on SIGTERM. */
@Module({
  imports: [TerminusModule],
  controllers: [HealthController],
  providers: [ShutdownState, ProjectionLagService],
  exports: [ShutdownState, ProjectionLagService],
})
export class HealthModule {}
