import type { EmulatorUser } from '@playquid/scripts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, makeAdmin } from '../support/money';
import { type Stack, startStack } from '../support/stack';

/**
 * Every route of the app's own OpenAPI document gets NUL bytes and unpaired surrogates in its path
 * parameters, query and JSON body, absurd page numbers and a 3,000-deep JSON body: each is a 400
 * with a message, never a 5xx, and nothing is written to the event log.
 */
let stack: Stack;
let admin: EmulatorUser;
let operations: Operation[];

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  queryNames: string[];
  bodyNames: string[] | null;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>;
  components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
}

/** The signed BitLabs callback stores hostile requests as rejected callbacks (tested with the intake). */
const EXEMPT = new Set(['/api/bitlabs/callback']);
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const MESSAGES = [
  'The request contains characters that are not allowed (NUL or unpaired surrogate)',
  'The request URL is not valid percent-encoded UTF-8',
];

beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'hostile-admin' });
  await makeAdmin(stack, admin);
  const doc = (await stack.http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
        const schema = ref ? doc.components?.schemas?.[ref.split('/').pop()!] : undefined;
        return {
          method: method as Operation['method'],
          path,
          queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          bodyNames: op.requestBody ? Object.keys(schema?.properties ?? { value: true }) : null,
        };
      }),
  );
});
afterAll(() => stack?.close());

const eventCount = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(stack.db)).rows[0].n);
const withParams = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
const plainPath = (path: string) => withParams(path, 'x1');

interface Outcome {
  request: string;
  status: number;
  message: unknown;
}
async function send(op: Operation, url: string, body?: unknown, rawBody?: string): Promise<Outcome> {
  let request = stack.http[op.method](url).set('authorization', bearer(admin));
  if (rawBody !== undefined) request = request.set('content-type', 'application/json').send(rawBody);
  else if (body !== undefined) request = request.send(body as object);
  const response = await request;
  return { request: `${op.method.toUpperCase()} ${url}`, status: response.status, message: response.body?.message };
}

/** Every outcome is a 400 with a message; collected first so one failure lists every bad route. */
function expectAllRefused(outcomes: Outcome[], messages?: string[]) {
  const wrong = outcomes.filter((o) => o.status !== 400 || typeof o.message !== 'string' || (messages && !messages.includes(o.message)));
  expect(wrong).toEqual([]);
}

describe('hostile input on every documented route', () => {
  it('the OpenAPI document lists the routes to attack', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((o) => o.path.includes('{')).length).toBeGreaterThan(10);
    expect(operations.filter((o) => o.bodyNames).length).toBeGreaterThan(10);
  });

  it('NUL and unpaired surrogates in path parameters, query and JSON body: 400, nothing written', async () => {
    const before = await eventCount();
    const outcomes: Outcome[] = [];
    for (const op of operations.filter((o) => !EXEMPT.has(o.path))) {
      if (op.path.includes('{')) {
        outcomes.push(await send(op, withParams(op.path, 'a%00b')));
        outcomes.push(await send(op, withParams(op.path, 'a%ED%A0%80b')));
      }
      for (const name of op.queryNames.length ? op.queryNames : ['q']) {
        outcomes.push(await send(op, `${plainPath(op.path)}?${name}=%00`));
        outcomes.push(await send(op, `${plainPath(op.path)}?${name}=%ED%A0%80`));
      }
      if (op.bodyNames) {
        for (const bad of [NUL, `a${LONE_SURROGATE}`]) {
          outcomes.push(await send(op, plainPath(op.path), Object.fromEntries(op.bodyNames.map((name) => [name, bad]))));
          outcomes.push(await send(op, plainPath(op.path), { nested: { list: [bad] } }));
        }
        outcomes.push(await send(op, plainPath(op.path), { [`key${NUL}`]: 'value' }));
      }
    }
    expect(outcomes.length).toBeGreaterThan(150);
    expectAllRefused(outcomes, MESSAGES);
    expect(await eventCount()).toBe(before);
  });

  it('page=1e308 and 20-digit pages on every paged list: 400 naming the parameter', async () => {
    const before = await eventCount();
    const paged = operations.filter((o) => o.method === 'get' && o.queryNames.includes('page') && !EXEMPT.has(o.path));
    expect(paged.length).toBeGreaterThan(8);
    const outcomes: Outcome[] = [];
    for (const op of paged) {
      for (const page of ['1e308', '12345678901234567890', '-1', '0', '1.5', '100001']) {
        outcomes.push(await send(op, `${plainPath(op.path)}?page=${page}`));
      }
    }
    expectAllRefused(outcomes, ['page must be a whole number between 1 and 100000']);
    const perPage: Outcome[] = [];
    for (const op of paged.filter((o) => o.queryNames.includes('per_page'))) {
      perPage.push(await send(op, `${plainPath(op.path)}?per_page=1e308`));
      perPage.push(await send(op, `${plainPath(op.path)}?per_page=12345678901234567890`));
    }
    expectAllRefused(perPage, ['per_page must be a whole number between 1 and 100']);
    expect(await eventCount()).toBe(before);
  });

  it('a page within bounds still lists', async () => {
    const response = await stack.http.get('/api/offers/alloffers?page=100000&per_page=100').expect(200);
    expect(response.body).toMatchObject({ success: true, data: [] });
  });

  it('JSON nested 3,000 deep: 400 on every route that takes a body, nothing written', async () => {
    const before = await eventCount();
    const deepArray = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    const deepObject = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const outcomes: Outcome[] = [];
    for (const op of operations.filter((o) => o.bodyNames && !EXEMPT.has(o.path))) {
      outcomes.push(await send(op, plainPath(op.path), undefined, deepArray));
      outcomes.push(await send(op, plainPath(op.path), undefined, deepObject));
    }
    expectAllRefused(outcomes, ['JSON body is nested too deeply (at most 32 levels)']);
    expect(await eventCount()).toBe(before);
  });
});
