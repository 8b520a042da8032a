export { applyEvent, applyEventInTransaction, OutOfOrderError, type ApplyOutcome } from './apply-event';
export { redisConnectionFromUrl, workerConfigFromEnv, type WorkerConfig } from './config';
export { defineProjection, handlesEvent, type Handler, type Handlers, type Projection, type ProjectionDefinition } from './projection';
export { outOfOrderDelay, startProjectionWorker, type ProjectionWorkerOptions } from './projection-worker';
export { PROJECTIONS_QUEUE } from './queues';
export { rebuildProjections, type RebuildOptions } from './rebuild';
export { ALL_PROJECTIONS, projectionByName } from './registry';
export { PRIMARY_KEYS, type ProjectionTable } from './tables';
export { diffReadModels, type RowDifference } from './verify';
