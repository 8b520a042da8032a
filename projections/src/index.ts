export { applyRange, applyRangeInTransaction, OutOfOrderError, type ApplyOutcome } from './apply-range';
export { workerConfigFromEnv, type WorkerConfig } from './config';
export {
  defineProjection,
  type BatchState,
  type BatchWriter,
  type Handler,
  type Handlers,
  type ProjectedEvent,
  type Projection,
  type ProjectionDefinition,
} from './projection';
export { outOfOrderDelay, startProjectionWorker, type ProjectionWorkerOptions } from './projection-worker';
export { PROJECTIONS_QUEUE } from './queues';
export { INDEXES_PROJECTIONS_READ_BY } from './deferred-indexes';
export { rebuildProjections, type RebuildOptions } from './rebuild';
export { rebuildProjectionsBySwap, type SwapRebuildOptions } from './swap-rebuild';
export { ALL_PROJECTIONS, projectionByName } from './registry';
export { PRIMARY_KEYS, type ProjectionTable } from './tables';
export { diffReadModels, type RowDifference } from './verify';
