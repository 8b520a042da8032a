import { QUEUES } from '@playquid/contracts';

/** The forwarder adds one ProjectionRangeJob per contiguous range of the global log here. */
export const PROJECTIONS_QUEUE = QUEUES.projections;
