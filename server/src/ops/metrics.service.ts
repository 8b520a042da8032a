import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { PAYOUT_STUCK_HOURS, QUEUES } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ProjectionLagService } from '../health/projection-lag';
import { READ_DB } from '../infra/tokens';


/**
 * The Prometheus metrics of a process (GET /metrics, behind METRICS_TOKEN). Counters and
 * histograms are this process's own (Prometheus sums the replicas); the gauges read the shared
 * state at scrape time (queues, read model, lag), so every replica reports the same values.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly callbacksReceived = new Counter({
    name: 'playquid_callbacks_received_total',
    help: 'BitLabs callbacks answered 200 by this process (stored, or a duplicate of a stored one)',
    registers: [this.registry],
  });
  readonly callbacksRefused = new Counter({
    name: 'playquid_callbacks_refused_total',
    help: 'BitLabs callback requests refused by this process (bad signature, bad parameters, throttled, ...), by status',
    labelNames: ['status'],
    registers: [this.registry],
  });
  readonly callbacksProcessed = new Counter({
    name: 'playquid_callbacks_processed_total',
    help: 'Stored callbacks decided by this process (credited, reversed, refused by the rules, or already done), by outcome',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly callbacksFailed = new Counter({
    name: 'playquid_callbacks_failed_total',
    help: 'Callback-processing jobs that failed in this process (retried by BullMQ)',
    registers: [this.registry],
  });
  readonly callbackProcessingSeconds = new Histogram({
    name: 'playquid_callback_processing_seconds',
    help: 'Time to process one callback-processing job (one member, one or more callbacks)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly httpSeconds = new Histogram({
    name: 'playquid_http_request_duration_seconds',
    help: 'HTTP request latency by method, route (the pattern, not the URL) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    private readonly lag: ProjectionLagService,
    @InjectQueue(QUEUES.projections) projections: Queue,
    @InjectQueue(QUEUES.callbackProcessing) callbackProcessing: Queue,
    @InjectQueue(QUEUES.rewardOrders) rewardOrders: Queue,
    @InjectQueue(QUEUES.referralSettlements) referralSettlements: Queue,
    @InjectQueue(QUEUES.offerSync) offerSync: Queue,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'playquid_' });
    const queues = [projections, callbackProcessing, rewardOrders, referralSettlements, offerSync];
    new Gauge({
      name: 'playquid_queue_depth',
      help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const queue of queues) {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
          for (const [state, n] of Object.entries(counts)) this.set({ queue: queue.name, state }, n);
        }
      },
    });
    const lagEvents = new Gauge({
      name: 'playquid_projection_lag_events',
      help: 'Events in the log after each projection checkpoint (and the forwarder)',
      labelNames: ['projection'],
      registers: [this.registry],
    });
    const lagService = this.lag;
    const readDb = this.db;
    new Gauge({
      name: 'playquid_projection_lag_seconds',
      help: 'Age of the oldest event each projection (and the forwarder) has not applied yet; 0 when caught up',
      labelNames: ['projection'],
      registers: [this.registry],
      async collect() {
        this.reset();
        lagEvents.reset();
        for (const { projection, events, seconds } of await lagService.lags()) {
          this.set({ projection }, seconds);
          lagEvents.set({ projection }, events);
        }
      },
    });
    new Gauge({
      name: 'playquid_callbacks_unprocessed',
      help: 'Accepted callbacks in the read model waiting to be processed (as GET /api/admin/health counts them)',
      registers: [this.registry],
      async collect() {
        const row = await readDb
          .selectFrom('callbacks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('accepted', '=', true)
          .where('is_processed', '=', false)
          .where('processing_error', 'is', null)
          .executeTakeFirstOrThrow();
        this.set(Number(row.n));
      },
    });
    new Gauge({
      name: 'playquid_payouts_stuck',
      help: `Approved payouts whose reward was not sent ${PAYOUT_STUCK_HOURS} h after approval (as GET /api/admin/health counts them)`,
      registers: [this.registry],
      async collect() {
        const before = new Date(Date.now() - PAYOUT_STUCK_HOURS * 3_600_000);
        const row = await readDb
          .selectFrom('payouts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'approved')
          .where('reward_status', '<>', 'sent')
          .where('approved_at', '<', before)
          .executeTakeFirstOrThrow();
        this.set(Number(row.n));
      },
    });
  }
}
