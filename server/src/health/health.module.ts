import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { MoneyHealthController } from './money-health.controller';

/** GET /api/health: Postgres and Redis reachable; GET /api/admin/health: the money pipeline's backlog (admins). */
@Module({
  imports: [TerminusModule],
  controllers: [HealthController, MoneyHealthController],
})
export class HealthModule {}
