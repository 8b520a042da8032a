import { describe, expect, it } from 'vitest';
import { parameterTextProblem, parseCallbackParams, rawParameters } from './callback-params';

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
    ['uid=u1&tx=o1&val=90071992547409.91', 'val exceeds the maximum single credit of £1,000.00'],
    ['uid=u1&tx=o1&val=1000.01', 'val exceeds the maximum single credit of £1,000.00'],
    ['uid=u1&tx=o1&val=-1000.01', 'val exceeds the maximum single credit of £1,000.00'],
    ['uid=u1&tx=o1&val=1.255', 'Invalid parameter: val=1.255 is more precise than whole pence'],
    ['uid=u1&tx=o1&val=Infinity', 'Invalid parameter: val=Infinity'],
    ['uid=u1&tx=o1&val=NaN', 'Invalid parameter: val=NaN'],
    ['uid=u1&tx=o1&val=1&raw=1.00005', 'Invalid parameter: raw=1.00005 is more precise than whole ten-thousandths of a dollar'],
    ['uid=u1&tx=o1&val=1&raw=2000.0001', 'raw exceeds the maximum partner payment of $2,000.00'],
  ])('refuses %s', (query, reason) => {
    expect(parse(query)).toEqual({ ok: false, reason });
  });

  it('accepts exactly £1,000 and trailing zeros beyond the pence', () => {
    expect(parse('uid=u1&tx=o1&val=1000.00')).toMatchObject({ ok: true, callback: { rewardPence: 100_000 } });
    expect(parse('uid=u1&tx=o1&val=1.2500&raw=1.950000')).toMatchObject({ ok: true, callback: { rewardPence: 125, rawUsd: 19_500 } });
  });

  it.each([
    ['uid=u1&tx=o%001&val=1', 'Parameter tx contains a NUL byte'],
    ['uid=u1&tx=o1&val=1&offer_name=%ED%A0%80', 'Parameter offer_name is not valid UTF-8 text (malformed bytes or a lone surrogate)'],
    ['uid=u1&tx=o1&val=1&x%00y=1', 'Parameter x\uFFFDy contains a NUL byte'],
  ])('finds unusable text in %s', (query, reason) => {
    expect(parameterTextProblem(query)).toBe(reason);
  });

  it('lets a literal percent sign and plain text through', () => {
    expect(parameterTextProblem('uid=u1&tx=o1&val=1&offer_name=100%25%20fun&task_name=50%')).toBeNull();
  });

  it('keeps __proto__ and constructor as plain keys, with jsonb-safe values', () => {
    const raw = rawParameters(new URLSearchParams('__proto__=x&constructor=y&tx=a%00b&hash=abc'));
    expect(Object.keys(raw)).toEqual(['__proto__', 'constructor', 'tx']);
    expect(JSON.parse(JSON.stringify(raw))).toEqual(JSON.parse('{"__proto__":"x","constructor":"y","tx":"a\uFFFDb"}'));
  });

  it('keeps every parameter but the signature', () => {
    expect(rawParameters(new URLSearchParams('uid=u1&val=1&hash=abc'))).toEqual({ uid: 'u1', val: '1' });
  });
});
