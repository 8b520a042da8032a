import { QUEUES } from '@playquid/contracts';
import { audit, type EmulatorUser } from '@playquid/scripts';
import { LOG_CHECKPOINT_SCHEDULER_ID, LogCheckpointService } from '@playquid/server';
import type { Queue } from 'bullmq';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registeredMember } from '../support/members';
import { earn } from '../support/money';
import { eventCount, settled } from '../support/resilience';
import { eventually, type Stack, startStack } from '../support/stack';

// The file copy of the checkpoints, which the job appends to and `audit` reads, is this test's own.
const FILE = vi.hoisted(() => {
  const file = `${process.env.TMPDIR ?? '/tmp'}/playquid-checkpoints-${process.pid}-${Date.now()}.jsonl`;
  process.env.LOG_CHECKPOINT_FILE = file;
  return file;
});

let stack: Stack;
let member: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  member = await registeredMember(stack, { label: 'checkpoint' });
});
afterAll(async () => {
  delete process.env.LOG_CHECKPOINT_FILE;
  await stack?.close();
  fs.rmSync(FILE, { force: true });
});

describe('signed log checkpoints at intervals', () => {
  it('schedules a checkpoint every LOG_CHECKPOINT_INTERVAL_MINUTES (15 by default), one scheduler for the cluster', async () => {
    const queue = stack.app.get<Queue>(`BullQueue_${QUEUES.logCheckpoints}`) // @nestjs/bullmq's getQueueToken;
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: LOG_CHECKPOINT_SCHEDULER_ID, every: 15 * 60_000 })]);
    // The rest of this file signs by hand: no scheduled run in between.
    await queue.removeJobScheduler(LOG_CHECKPOINT_SCHEDULER_ID);
    await eventually(async () => ((await queue.getActiveCount()) + (await queue.getWaitingCount()) === 0 ? true : undefined));
  });

  it('signs the log as it stands, then only what was appended since; audit verifies both', async () => {
    const checkpoints = stack.app.get(LogCheckpointService);
    await earn(stack, member, '1.00', { tx: `cp-1-${member.uid}` });
    await settled(stack);
    const first = await checkpoints.runOnce(new Date());
    expect(first).toMatchObject({ signed: true, checkpoint: { events: await eventCount(stack) } });

    await earn(stack, member, '2.00', { tx: `cp-2-${member.uid}` });
    await settled(stack);
    const second = await checkpoints.runOnce(new Date());
    const total = await eventCount(stack);
    // Started from the first checkpoint's heads: it read the new events, not the whole log again.
    expect(second).toMatchObject({ signed: true, from: 'previous_checkpoint', checkpoint: { events: total } });
    expect(second.signed && second.readEvents).toBeLessThan(total);
    expect(fs.readFileSync(FILE, 'utf8').trim().split('\n').length).toBeGreaterThanOrEqual(2);

    const report = await audit();
    expect(report.problems).toEqual([]);
  });
});
