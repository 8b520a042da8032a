import { type CallbackReceived, penceToDecimal } from '@playquid/contracts';

/**
 * A BitLabs callback as the intake stores it (a plain COMPLETED credit of £1.00 to `member-1`);
 * specs override only the fields their rule is about.
 */
export function callbackData(overrides: Partial<CallbackReceived['data']> = {}): CallbackReceived['data'] {
  const rewardPence = overrides.rewardPence ?? 100;
  return {
    callbackId: 'cb-1',
    transactionId: 'o1',
    userId: 'member-1',
    offerId: null,
    offerName: null,
    taskId: null,
    taskName: null,
    userRewardRaw: penceToDecimal(rewardPence),
    rewardPence,
    rawPaymentRaw: null,
    rawUsd: null,
    state: 'COMPLETED',
    type: null,
    ref: null,
    fscore: null,
    debug: false,
    sourceIp: '127.0.0.1',
    hash: 'h',
    rawParameters: {},
    triggeredBy: null,
    receivedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
