import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheckService, type HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { HealthData } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { ok } from '../common/envelope';
import { READ_DB, REDIS_CLIENT } from '../infra/tokens';
import { type ProjectionLag, ProjectionLagService } from './projection-lag';
import { ShutdownState } from './shutdown-state';

/**
 * GET /api/health: Postgres and Redis reachable, and each projection's lag.
 * GET /api/health/live: the process answers (liveness: restart it when this fails).
 * GET /api/health/ready: 503 from the first moment of a shutdown, or while Postgres or Redis is
 * unreachable (readiness: send it no traffic).
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly shutdown: ShutdownState,
    private readonly lag: ProjectionLagService,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get()
  async check() {
    const [result, projections] = await Promise.all([
      this.health.check([() => this.postgres(), () => this.redisPing()]),
      this.lag.lags().catch(() => [] as ProjectionLag[]),
    ]);
    return ok<HealthData>(
      { status: result.status === 'ok' ? 'ok' : 'error', info: (result.info ?? {}) as HealthData['info'], projections },
      'PlayQuid API is healthy',
    );
  }

  @Get('live')
  live() {
    return ok({ status: 'ok' }, 'PlayQuid API is alive');
  }

  @Get('ready')
  async ready() {
    if (this.shutdown.draining) throw new ServiceUnavailableException('PlayQuid API is shutting down');
    const checks = await Promise.all([this.postgres(), this.redisPing()]);
    const down = checks.flatMap((c) => Object.entries(c).filter(([, v]) => v.status !== 'up').map(([name]) => name));
    if (down.length > 0) throw new ServiceUnavailableException(`PlayQuid API is not ready: ${down.join(', ')} unreachable`);
    return ok({ status: 'ok' }, 'PlayQuid API is ready');
  }

  private async postgres(): Promise<HealthIndicatorResult> {
    const check = this.indicator.check('postgres');
    try {
      await sql`select 1`.execute(this.db);
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  private async redisPing(): Promise<HealthIndicatorResult> {
    const check = this.indicator.check('redis');
    try {
      await this.redis.ping();
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }
}
