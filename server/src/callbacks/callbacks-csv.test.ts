import type { CallbackRecord } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { CALLBACK_CSV_COLUMNS, callbacksCsv, callbacksCsvStream } from './callbacks-csv';

const record = (overrides: Partial<CallbackRecord> = {}): CallbackRecord => ({
  id: 'cb-1',
  transaction_id: 'o1',
  user_id: 'u1',
  offer_id: '42',
  offer_name: 'Dragon Clash',
  task_id: null,
  user_reward: 1.25,
  user_reward_raw: '1.25',
  raw_payment_usd: 1.625,
  offer_state: 'COMPLETED',
  is_processed: true,
  processed_at: '2026-11-22T10:00:01.000Z',
  processing_error: null,
  accepted: true,
  rejection_reason: null,
  source_ip: '127.0.0.1',
  callback_hash: 'abc',
  raw_parameters: { uid: 'u1', tx: 'o1', val: '1.25' },
  created_at: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

/** Minimal RFC 4180 reader, so the assertions check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === ',') {
      endField();
    } else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

const column = (name: (typeof CALLBACK_CSV_COLUMNS)[number]) => CALLBACK_CSV_COLUMNS.indexOf(name);

describe('callbacks CSV', () => {
  it('starts with a header row of the export columns', async () => {
    const rows = parseCsv(await callbacksCsv([record()]));
    expect(rows[0]).toEqual([...CALLBACK_CSV_COLUMNS]);
    expect(rows[1][column('status')]).toBe('Processed');
    expect(rows[1][column('user_reward')]).toBe('1.25');
    expect(rows[1][column('is_processed')]).toBe('true');
    expect(JSON.parse(rows[1][column('raw_parameters')])).toEqual({ uid: 'u1', tx: 'o1', val: '1.25' });
  });

  it('quotes commas, double quotes and line breaks so each value reads back unchanged', async () => {
    const name = 'Dragon, "Clash"\nSeason 2';
    const text = await callbacksCsv([record({ offer_name: name })]);
    expect(text).toContain('"Dragon, ""Clash""\nSeason 2"');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[1][column('offer_name')]).toBe(name);
  });

  it('neutralises spreadsheet formulas from untrusted parameters', async () => {
    const rows = parseCsv(
      await callbacksCsv([
        record({ accepted: false, offer_name: '=HYPERLINK("http://evil","x")', user_id: '+1+1', transaction_id: '@SUM(A1)', task_id: '-2+3' }),
      ]),
    );
    expect(rows[1][column('offer_name')]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(rows[1][column('user_id')]).toBe("'+1+1");
    expect(rows[1][column('transaction_id')]).toBe("'@SUM(A1)");
    expect(rows[1][column('task_id')]).toBe("'-2+3");
    expect(rows[1][column('status')]).toBe('Rejected');
  });

  it('leaves a reversal amount a plain negative number', async () => {
    const rows = parseCsv(await callbacksCsv([record({ user_reward: -1.25, user_reward_raw: '-1.25', raw_payment_usd: -1.625 })]));
    expect(rows[1][column('user_reward')]).toBe('-1.25');
    expect(rows[1][column('raw_payment_usd')]).toBe('-1.625');
  });

  it('keeps a malformed amount as text, and empty cells for missing values', async () => {
    const rows = parseCsv(await callbacksCsv([record({ user_reward: null, user_reward_raw: 'abc', processed_at: null, processing_error: null })]));
    expect(rows[1][column('user_reward')]).toBe('abc');
    expect(rows[1][column('processed_at')]).toBe('');
  });

  it('streams page after page into one document with one header', async () => {
    async function* pages() {
      yield [record({ id: 'a' }), record({ id: 'b' })];
      yield [record({ id: 'c', processing_error: 'Unknown member u1', is_processed: false })];
    }
    let text = '';
    for await (const chunk of callbacksCsvStream(pages())) text += chunk;
    const rows = parseCsv(text);
    expect(rows.map((r) => r[0])).toEqual(['id', 'a', 'b', 'c']);
    expect(rows[3][column('status')]).toBe('Failed');
  });

  it('ends the stream with an error when reading a page fails', async () => {
    async function* pages(): AsyncGenerator<CallbackRecord[]> {
      yield [record()];
      throw new Error('database went away');
    }
    const read = async () => {
      for await (const _ of callbacksCsvStream(pages()));
    };
    await expect(read()).rejects.toThrow('database went away');
  });
});
