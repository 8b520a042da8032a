import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { ActivityQueryDto, CallbacksQueryDto, TriggerCallbackDto } from './callbacks.dto';

/** As the app's ValidationPipe does it: transform, then validate; one message per bad field. */
async function problems<T extends object>(dto: new () => T, plain: object): Promise<{ value: T; messages: string[] }> {
  const value = plainToInstance(dto, plain);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return { value, messages: errors.flatMap((e) => Object.values(e.constraints ?? {})) };
}

describe('callbacks query', () => {
  it('defaults to page 1 of 50 and drops blank filters', async () => {
    const { value, messages } = await problems(CallbacksQueryDto, { state: '', processed: '', user_id: ' ', search: '' });
    expect(messages).toEqual([]);
    expect(value).toMatchObject({ page: 1, per_page: 50, state: undefined, processed: undefined, user_id: undefined, search: undefined });
  });

  it('reads processed as a boolean and state case-insensitively', async () => {
    const { value } = await problems(CallbacksQueryDto, { processed: 'FALSE', state: ' completed ' });
    expect(value).toMatchObject({ processed: false, state: 'COMPLETED' });
  });

  it('gives one message per bad value', async () => {
    expect((await problems(CallbacksQueryDto, { per_page: 'many' })).messages).toEqual(['per_page must be a whole number between 1 and 100']);
    expect((await problems(CallbacksQueryDto, { per_page: '0' })).messages).toEqual(['per_page must be a whole number between 1 and 100']);
    expect((await problems(CallbacksQueryDto, { page: '0' })).messages).toEqual(['page must be a whole number between 1 and 100000']);
    expect((await problems(ActivityQueryDto, { hours: '1.5' })).messages).toEqual(['hours must be a whole number']);
  });
});

describe('trigger body', () => {
  it('accepts 2 to 4 decimals, negative for a reversal', async () => {
    for (const amount of ['1.25', '0.0100', '-1.25', '12.345']) {
      expect((await problems(TriggerCallbackDto, { uid: 'u1', amount })).messages, amount).toEqual([]);
    }
  });

  it('refuses other amounts and a missing uid with one clear message each', async () => {
    const amountMessage = 'amount must be a decimal string with 2 to 4 decimals, e.g. "1.25" or "-1.25" for a reversal';
    for (const amount of ['1', '1.2', '1.23456', '1e2', ' 1.25', 1.25]) {
      expect((await problems(TriggerCallbackDto, { uid: 'u1', amount })).messages, String(amount)).toEqual([amountMessage]);
    }
    expect((await problems(TriggerCallbackDto, { amount: '1.00' })).messages).toEqual(['uid is required']);
    expect((await problems(TriggerCallbackDto, { uid: 42, amount: '1.00' })).messages).toEqual(['uid must be text']);
  });
});
