import type { CallbackProcessingJob, CallbackReceived, StoredEventMessage } from '@playquid/contracts';
import { createHash } from 'node:crypto';

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

/** A stored callback waiting to be credited: the member it is for and the stream it is stored on. */
export interface CallbackToProcess {
  userId: string;
  transactionId: string;
  callbackId: string;
}

/** Named by the callbacks it holds, so the same group sent again (a replayed page) is queued once. */
const groupJobId = (job: CallbackProcessingJob) => {
  const ids = createHash('sha256');
  for (const { callbackId } of job.callbacks) ids.update(`${callbackId}\n`);
  return `member-${ids.digest('hex').slice(0, 32)}`;
};

/**
 * The callback-processing jobs for stored callbacks: one per member, with that member's callbacks
 * in the order given, so each member's wallet is folded and appended to once for all of them.
 */
export function callbackProcessingJobs(callbacks: readonly CallbackToProcess[]): BulkJob<CallbackProcessingJob>[] {
  const byMember = new Map<string, CallbackProcessingJob>();
  for (const { userId, transactionId, callbackId } of callbacks) {
    let job = byMember.get(userId);
    if (!job) byMember.set(userId, (job = { userId, callbacks: [] }));
    job.callbacks.push({ transactionId, callbackId });
  }
  return [...byMember.values()].map((job) => ({ name: 'process', data: job, opts: { jobId: groupJobId(job), ...PROCESSING_JOB_OPTIONS } }));
}

/** The processing work a page of the log asks for: every CallbackReceived in it, in log order. */
export const callbacksIn = (messages: readonly StoredEventMessage[]): CallbackToProcess[] =>
  messages
    .filter((m) => m.type === 'CallbackReceived')
    .map((m) => {
      const { userId, transactionId, callbackId } = m.data as CallbackReceived['data'];
      return { userId, transactionId, callbackId };
    });
