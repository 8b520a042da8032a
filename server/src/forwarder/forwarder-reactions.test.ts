import { formatPosition, QUEUES, type StoredEventMessage } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { reactionsTo, toMessage } from './forwarder-reactions';

const message = (type: string, data: unknown, n: number): StoredEventMessage => ({
  id: `e${n}`,
  streamId: 's',
  revision: n,
  type,
  data,
  metadata: {},
  position: formatPosition({ commit: BigInt(n), prepare: BigInt(n) }),
  previousPosition: formatPosition({ commit: BigInt(n - 1), prepare: BigInt(n - 1) }),
  createdAt: new Date(0).toISOString(),
});

describe('forwarder reactions', () => {
  it('asks only the queues whose events the page holds, once each', () => {
    const page = [
      message('CallbackReceived', { callbackId: 'c1', transactionId: 't1', userId: 'u1', accepted: true }, 1),
      message('CallbackReceived', { callbackId: 'c2', transactionId: 't2', userId: 'u1', accepted: true }, 2),
      message('EarningCredited', {}, 3),
    ];
    expect(reactionsTo(page).map((reaction) => reaction.queue)).toEqual([QUEUES.callbackProcessing]);
    expect(reactionsTo([message('PayoutApproved', { payoutId: 'p1', uid: 'u1' }, 4), message('PayoutRewardResendRequested', { payoutId: 'p1', uid: 'u1' }, 5)]).map((r) => r.queue)).toEqual([
      QUEUES.rewardOrders,
      QUEUES.rewardOrders,
    ]);
    expect(reactionsTo([message('EarningCredited', {}, 6)])).toEqual([]);
  });

  it('turns a recorded event into the message a job carries, chained to the one before', () => {
    const recorded = {
      id: 'e9',
      streamId: 'wallet-u1',
      revision: 3n,
      type: 'EarningCredited',
      data: { amountPence: 25 },
      metadata: { schemaVersion: 1 },
      position: { commit: 9n, prepare: 2n },
      createdAt: new Date('2026-01-01T00:00:00Z'),
      hash: 'h',
      previousHash: null,
    };
    expect(toMessage(recorded, { commit: 8n, prepare: 1n })).toEqual({
      id: 'e9',
      streamId: 'wallet-u1',
      revision: 3,
      type: 'EarningCredited',
      data: { amountPence: 25 },
      metadata: { schemaVersion: 1 },
      position: formatPosition({ commit: 9n, prepare: 2n }),
      previousPosition: formatPosition({ commit: 8n, prepare: 1n }),
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });
});
