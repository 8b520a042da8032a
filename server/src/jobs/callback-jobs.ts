import type { CallbackProcessingJob, CallbackReceived, StoredEventMessage } from '@playquid/contracts';

export const PROCESSING_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3_600 },
  removeOnFail: { age: 7 * 24 * 3_600 },
} as const;

export interface BulkJob<T> {
  name: string;
  data: T;
  opts: { jobId: string } & typeof PROCESSING_JOB_OPTIONS;
}

/** The callback-processing jobs for stored callbacks (one per callback, jobId = callback id). */
export function callbackProcessingJobs(callbacks: readonly CallbackProcessingJob[]): BulkJob<CallbackProcessingJob>[] {
  return callbacks.map((job) => ({ name: 'process', data: job, opts: { jobId: job.callbackId, ...PROCESSING_JOB_OPTIONS } }));
}

/** The processing work a page of the log asks for: every CallbackReceived in it. */
export const callbacksIn = (messages: readonly StoredEventMessage[]): CallbackProcessingJob[] =>
  messages
    .filter((m) => m.type === 'CallbackReceived')
    .map((m) => {
      const data = m.data as CallbackReceived['data'];
      return { transactionId: data.transactionId, callbackId: data.callbackId };
    });
