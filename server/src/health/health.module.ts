import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { MoneyHealthController } from './money-health.controller';
import { ProjectionLagService } from './projection-lag';
import { ShutdownState } from './shutdown-state';

/**
 * GET /api/health (Postgres, Redis, projection lag), /api/health/live and /api/health/ready; the
 * drain on SIGTERM; GET /api/admin/health: the money pipeline's backlog (admins).
 */
@Module({
  imports: [TerminusModule],
  controllers: [HealthController, MoneyHealthController],
  providers: [ShutdownState, ProjectionLagService],
  exports: [ShutdownState, ProjectionLagService],
})
export class HealthModule {}
