import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, bearer, earn, makeAdmin, PAYOUT_BODY } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

let stack: Stack;
let admin: EmulatorUser;
/** RFC 4180 rows (quoted cells with doubled quotes) as records keyed by the header. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length) {
    endCell();
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'finance' });
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

async function memberWithPayout(): Promise<{ member: EmulatorUser; id: string }> {
  const member = await registeredMember(stack);
  await availableBecomes(stack, member, 200);
  await earn(stack, member, '1.00', { tx: `o-export-${member.uid}` });
  await availableBecomes(stack, member, 300);
  const id = (await stack.http.post('/api/users/payout').set('authorization', bearer(member)).send(PAYOUT_BODY).expect(201)).body.data.payout_id as string;
  await eventually(() => stack.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst());
  return { member, id };
}

const exportCsv = (query: string, who: EmulatorUser = admin) =>
  stack.http
    .get(`/api/admin/payouts/export${query}`)
    .set('authorization', bearer(who))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

describe('GET /api/admin/payouts/export', () => {
  it('one row per payout event with its event id, amounts in pounds and pence and the admin; formula-looking reasons are neutralised', async () => {
    const approvedOne = await memberWithPayout();
    await stack.http.post(`/api/admin/payouts/${approvedOne.id}/approve`).set('authorization', bearer(admin)).send({ notes: 'Looks fine' }).expect(200);
    const rejectedOne = await memberWithPayout();
    await stack.http.post(`/api/admin/payouts/${rejectedOne.id}/reject`).set('authorization', bearer(admin)).send({ reason: '=HYPERLINK("http://evil","x")' }).expect(200);

    const response = await exportCsv(`?from=${today()}&to=${today()}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="payouts-${today()}-to-${today()}.csv"`);
    const rows = parseCsv(response.body as string);

    const wallet = await stack.store.readStream(`wallet-${approvedOne.member.uid}`);
    const requested = wallet.find((e) => e.type === 'PayoutRequested')!;
    const approved = wallet.find((e) => e.type === 'PayoutApproved')!;
    const ofApproved = rows.filter((r) => r.payout_id === approvedOne.id);
    expect(ofApproved.slice(0, 2).map((r) => [r.event, r.event_id, r.amount_pounds, r.amount_pence, r.admin, r.admin_uid, r.detail])).toEqual([
      ['requested', requested.id, '3.00', '300', '', '', 'reward by email'],
      ['approved', approved.id, '', '', admin.email, admin.uid, 'Looks fine'],
    ]);
    expect(ofApproved[0]).toMatchObject({ member_uid: approvedOne.member.uid, payout_amount_pounds: '3.00', payout_amount_pence: '300' });

    const rejection = rows.find((r) => r.payout_id === rejectedOne.id && r.event === 'rejected')!;
    expect(rejection).toMatchObject({ amount_pounds: '3.00', admin: admin.email, admin_uid: admin.uid });
    expect(rejection.detail).toBe(`'=HYPERLINK("http://evil","x")`);
  });

  it('an empty range gives the header only', async () => {
    const response = await exportCsv('?from=2020-01-01&to=2020-01-31').expect(200);
    expect((response.body as string).trim()).toBe(
      'payout_id,member_uid,payout_amount_pounds,payout_amount_pence,payout_status,requested_at,event_id,event,event_at,amount_pounds,amount_pence,admin,admin_uid,detail',
    );
  });

  it('refuses a bad date range with 400 and a message', async () => {
    const cases: Array<[string, string]> = [
      ['', 'from must be a date such as 2026-11-01'],
      [`?from=${today()}`, 'to must be a date such as 2026-11-30'],
      ['?from=yesterday&to=2026-11-30', 'from must be a date such as 2026-11-01'],
      ['?from=2026-11-30&to=2026-11-01', 'from must be on or before to'],
      ['?from=2024-01-01&to=2026-01-01', 'The date range may span at most 366 days'],
    ];
    for (const [query, message] of cases) {
      const response = await stack.http.get(`/api/admin/payouts/export${query}`).set('authorization', bearer(admin)).expect(400);
      expect([query, JSON.stringify(response.body)]).toEqual([query, expect.stringContaining(message)]);
    }
  });

  it('refuses members (403) and visitors (401)', async () => {
    const member = await registeredMember(stack);
    await exportCsv(`?from=${today()}&to=${today()}`, member).expect(403);
    await stack.http.get(`/api/admin/payouts/export?from=${today()}&to=${today()}`).expect(401);
  });
});
