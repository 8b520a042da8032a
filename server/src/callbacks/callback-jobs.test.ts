import type { StoredEventMessage } from '@playquid/contracts';
import { callbackData } from '@playquid/domain/testing';
import { describe, expect, it } from 'vitest';
import { callbackProcessingJobs, callbacksIn, PROCESSING_JOB_OPTIONS } from './callback-jobs';

const message = (type: string, data: unknown, n: number): StoredEventMessage => ({
  id: `e${n}`,
  streamId: `s${n}`,
  revision: 0,
  type,
  data,
  metadata: {},
  position: `${n}/${n}`,
  previousPosition: `${n - 1}/${n - 1}`,
  createdAt: '2026-11-22T10:00:00.000Z',
});

const received = (n: number, userId: string) =>
  message('CallbackReceived', callbackData({ callbackId: `cb-${n}`, transactionId: `o${n}`, userId }), n);

describe('callback-processing jobs', () => {
  it('takes every CallbackReceived of a page, in log order', () => {
    const page = [received(1, 'ana'), message('EarningCredited', {}, 2), received(3, 'ben'), received(4, 'ana')];
    expect(callbacksIn(page)).toEqual([
      { userId: 'ana', transactionId: 'o1', callbackId: 'cb-1' },
      { userId: 'ben', transactionId: 'o3', callbackId: 'cb-3' },
      { userId: 'ana', transactionId: 'o4', callbackId: 'cb-4' },
    ]);
  });

  it('makes one job per member with its callbacks in order, named by them, so a re-sent page is queued once', () => {
    const page = [received(1, 'ana'), received(2, 'ben'), received(3, 'ana')];
    const jobs = callbackProcessingJobs(callbacksIn(page));
    expect(jobs.map((j) => j.data)).toEqual([
      {
        userId: 'ana',
        callbacks: [
          { transactionId: 'o1', callbackId: 'cb-1' },
          { transactionId: 'o3', callbackId: 'cb-3' },
        ],
      },
      { userId: 'ben', callbacks: [{ transactionId: 'o2', callbackId: 'cb-2' }] },
    ]);
    expect(jobs[0].opts).toMatchObject(PROCESSING_JOB_OPTIONS);
    expect(callbackProcessingJobs(callbacksIn(page)).map((j) => j.opts.jobId)).toEqual(jobs.map((j) => j.opts.jobId));
    expect(new Set(jobs.map((j) => j.opts.jobId)).size).toBe(2);
    // BullMQ refuses custom ids with a colon.
    expect(jobs.every((j) => !j.opts.jobId.includes(':'))).toBe(true);
    const other = callbackProcessingJobs(callbacksIn([received(1, 'ana')]));
    expect(other[0].opts.jobId).not.toBe(jobs[0].opts.jobId);
  });

  it('has nothing to queue for a page without callbacks', () => {
    expect(callbackProcessingJobs(callbacksIn([message('EarningCredited', {}, 1)]))).toEqual([]);
  });
});
