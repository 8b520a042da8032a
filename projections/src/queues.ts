import { QUEUES } from '@playquid/contracts';

/** The forwarder adds one job per event of the global log here, jobId = position. */
export const PROJECTIONS_QUEUE = QUEUES.projections;
