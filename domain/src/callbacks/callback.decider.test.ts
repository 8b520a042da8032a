import type { CallbackEvent, CallbackReceived } from '@playquid/contracts';
import { describe, it } from 'vitest';
import { callbackData } from '../testing/callback-fixtures';
import { deciderSpec } from '../testing/decider-spec';
import { callbackDecider, conflictingMemberReason } from './callback.decider';

const spec = deciderSpec(callbackDecider);
const now = '2026-11-22T10:00:00.000Z';
const data = (overrides: Partial<CallbackReceived['data']> = {}) =>
  callbackData({ userId: 'u1', rewardPence: 50, receivedAt: now, ...overrides });
const rejectedData = {
  callbackId: 'cb-2',
  reason: conflictingMemberReason('o1'),
  transactionId: 'o1',
  userId: 'u1',
  sourceIp: '127.0.0.1',
  hash: 'h',
  rawParameters: {},
  receivedAt: now,
};
const received = (overrides: Partial<CallbackReceived['data']> = {}): CallbackEvent => ({
  type: 'CallbackReceived',
  data: data(overrides),
});

describe('callback decider', () => {
  it('records a first callback', () => spec.given([]).when({ type: 'ReceiveCallback', callback: data() }).then([received()]));

  it('treats the same transaction in the same state as a duplicate', () =>
    spec
      .given([received()])
      .when({ type: 'ReceiveCallback', callback: data({ callbackId: 'cb-2' }) })
      .then([]));

  it('accepts the same transaction in a later state (stateful mode)', () =>
    spec
      .given([received({ state: 'PENDING' })])
      .when({ type: 'ReceiveCallback', callback: data({ callbackId: 'cb-2' }) })
      .then([received({ callbackId: 'cb-2' })]));

  it('records processing once', () =>
    spec
      .given([received()])
      .when({ type: 'RecordCallbackProcessed', callbackId: 'cb-1', uid: 'u1', earningId: 'e1', outcome: 'credited', now })
      .then([
        { type: 'CallbackProcessed', data: { callbackId: 'cb-1', uid: 'u1', earningId: 'e1', outcome: 'credited', processedAt: now } },
      ]));

  it('does not record processing twice', () =>
    spec
      .given([
        received(),
        { type: 'CallbackProcessed', data: { callbackId: 'cb-1', uid: 'u1', earningId: 'e1', outcome: 'credited', processedAt: now } },
      ])
      .when({ type: 'RecordCallbackProcessed', callbackId: 'cb-1', uid: 'u1', earningId: 'e1', outcome: 'credited', now })
      .then([]));

  it('records a processing failure, once per distinct error', () =>
    spec
      .given([received(), { type: 'CallbackProcessingFailed', data: { callbackId: 'cb-1', error: 'Unknown member u1', failedAt: now } }])
      .when({ type: 'RecordCallbackFailed', callbackId: 'cb-1', error: 'Unknown member u1', now })
      .then([]));

  it('rejects the same transaction id for a second member, whatever the state, and records it on the same stream', () =>
    spec
      .given([received({ state: 'PENDING' })])
      .when({ type: 'ReceiveCallback', callback: data({ callbackId: 'cb-2', userId: 'u2', rawParameters: { uid: 'u2', tx: 'o1' } }) })
      .then([
        {
          type: 'CallbackRejected',
          data: {
            callbackId: 'cb-2',
            reason: conflictingMemberReason('o1'),
            transactionId: 'o1',
            userId: 'u2',
            sourceIp: '127.0.0.1',
            hash: 'h',
            rawParameters: { uid: 'u2', tx: 'o1' },
            receivedAt: now,
          },
        },
      ]));

  it('keeps the first member after a rejection of another one', () =>
    spec
      .given([received(), { type: 'CallbackRejected', data: { ...rejectedData, userId: 'u2' } }])
      .when({ type: 'ReceiveCallback', callback: data({ callbackId: 'cb-3', state: 'PENDING' }) })
      .then([received({ callbackId: 'cb-3', state: 'PENDING' })]));

  it.each(['constructor', '__proto__', 'toString'])('treats a transaction or callback id %s as plain data', (key) =>
    spec
      .given([received({ callbackId: key, transactionId: key })])
      .when({ type: 'RecordCallbackProcessed', callbackId: key, uid: 'u1', earningId: 'e1', outcome: 'credited', now })
      .then([{ type: 'CallbackProcessed', data: { callbackId: key, uid: 'u1', earningId: 'e1', outcome: 'credited', processedAt: now } }]),
  );

  it('does not find an inherited property as a callback', () =>
    spec
      .given([received()])
      .when({ type: 'RecordCallbackFailed', callbackId: 'constructor', error: 'x', now })
      .thenThrows('Callback constructor not found'));

  it('refuses to record processing for an unknown callback', () =>
    spec.given([]).when({ type: 'RecordCallbackFailed', callbackId: 'nope', error: 'x', now }).thenThrows('Callback nope not found'));
});
