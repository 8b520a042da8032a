import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheckService, type HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { HealthData } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { sql, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import { type ConnectionOptions } from 'bullmq';
import { ok } from '../common/envelope';
import { READ_DB, REDIS_CONNECTION } from '../infra/tokens';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(REDIS_CONNECTION) private readonly redis: ConnectionOptions,
  ) {}

  @Get()
  async check() {
    const result = await this.health.check([() => this.postgres(), () => this.redisPing()]);
    return ok<HealthData>({ status: result.status === 'ok' ? 'ok' : 'error', info: (result.info ?? {}) as HealthData['info'] }, 'PlayQuid API is healthy');
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
    const client = new Redis({ ...(this.redis as object), lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      await client.ping();
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    } finally {
      client.disconnect();
    }
  }
}
