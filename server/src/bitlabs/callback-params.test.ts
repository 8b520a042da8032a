import { describe, expect, it } from 'vitest';
import { parseCallbackParams, rawParameters } from './callback-params';

const parse = (query: string) => parseCallbackParams(new URLSearchParams(query));

describe('BitLabs callback parameters', () => {
  it('reads a full default-mode callback', () => {
    expect(parse('uid=u1&tx=o77&val=1.25&raw=1.9500&offer_id=42&offer_name=Dragon%20Clash&task_id=3&task_name=Level%205&state=COMPLETED&type=COMPLETE&fscore=GOOD')).toEqual({
      ok: true,
      callback: {
        userId: 'u1',
        transactionId: 'o77',
        userRewardRaw: '1.25',
        rewardPence: 125,
        rawPaymentRaw: '1.9500',
        rawUsd: 19500,
        offerId: '42',
        offerName: 'Dragon Clash',
        taskId: '3',
        taskName: 'Level 5',
        state: 'COMPLETED',
        type: 'COMPLETE',
        ref: null,
        fscore: 'GOOD',
        debug: false,
      },
    });
  });

  it('reads a reversal: negative value, "or" tx and ref; state defaults to NONE', () => {
    const result = parse('uid=u1&tx=or77&val=-1.25&ref=o77&debug=true');
    expect(result).toMatchObject({ ok: true, callback: { rewardPence: -125, ref: 'o77', state: 'NONE', debug: true } });
  });

  it.each([
    ['tx=o1&val=1', 'Missing parameter: uid'],
    ['uid=u1&val=1', 'Missing parameter: tx'],
    ['uid=u1&tx=o1', 'Missing parameter: val'],
    ['uid=u1&tx=o1&val=1e3', 'Invalid parameter: val=1e3'],
    ['uid=u1&tx=o1&val=1&raw=cheap', 'Invalid parameter: raw=cheap'],
    ['uid=u1&tx=o1&val=1&state=DONE', 'Invalid parameter: state=DONE'],
    [`uid=${'u'.repeat(66)}&tx=o1&val=1`, 'Parameter uid is too long'],
  ])('refuses %s', (query, reason) => {
    expect(parse(query)).toEqual({ ok: false, reason });
  });

  it('keeps every parameter but the signature', () => {
    expect(rawParameters(new URLSearchParams('uid=u1&val=1&hash=abc'))).toEqual({ uid: 'u1', val: '1' });
  });
});
