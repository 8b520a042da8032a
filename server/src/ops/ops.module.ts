import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { QUEUES } from '@playquid/contracts';
import { AdminGate } from '../auth/admin-gate';
import { HealthModule } from '../health/health.module';
import { MetricsService } from './metrics.service';

/** Bull Board's path under the API prefix (admins only: AdminGate in app.factory). */
export const BULL_BOARD_ROUTE = '/admin/queues';
const OPS_QUEUES = [QUEUES.projections, QUEUES.callbackProcessing, QUEUES.rewardOrders, QUEUES.referralSettlements, QUEUES.offerSync];

/**
 * Operations: Prometheus metrics (GET /metrics, behind METRICS_TOKEN, see app.factory) and Bull
 * Board at /api/admin/queues for admins.
 */
@Global()
@Module({
  imports: [
    HealthModule,
    BullModule.registerQueue(...OPS_QUEUES.map((name) => ({ name }))),
    BullBoardModule.forRoot({ route: BULL_BOARD_ROUTE, adapter: FastifyAdapter }),
    ...OPS_QUEUES.map((name) => BullBoardModule.forFeature({ name, adapter: BullMQAdapter })),
  ],
  providers: [MetricsService, AdminGate],
  exports: [MetricsService, AdminGate],
})
export class OpsModule {}
