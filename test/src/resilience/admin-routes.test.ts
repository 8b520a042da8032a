import type { EmulatorUser } from '@playquid/scripts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, makeAdmin } from '../support/money';
import { eventCount } from '../support/resilience';
import { type Stack, startStack } from '../support/stack';

/**
 * R6: the admin surface is whatever the running app registered, not a list kept by hand, so a new
 * admin route that forgets its guard fails here.
 */
let stack: Stack;
let admin: EmulatorUser;
let member: EmulatorUser;
beforeAll(async () => {
  stack = await startStack();
  [admin, member] = await Promise.all([registeredMember(stack, { label: 'admin' }), registeredMember(stack)]);
  await makeAdmin(stack, admin);
});
afterAll(() => stack?.close());

// Admin-only routes that live outside /api/admin (the partner tools and the route list itself).
const ADMIN_ROUTES_ELSEWHERE = [
  '/api/debug/routes',
  '/api/offers/debug',
  '/api/bitlabs/status',
  '/api/bitlabs/activity',
  '/api/bitlabs/test',
  '/api/bitlabs/callback/trigger',
];

type Route = { method: string; path: string };

const call = (route: Route) => {
  const path = route.path.replace(/:[A-Za-z_]+/g, () => randomUUID());
  const request = stack.http[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'](path);
  return route.method === 'GET' || route.method === 'DELETE' ? request : request.send({ reason: 'r6', transaction_id: 'R6', notes: 'r6' });
};

describe('R6: every admin route of the running app', () => {
  it('answers 401 to visitors and 403 to members, and writes nothing', async () => {
    const registered = (await stack.http.get('/api/debug/routes').set('authorization', bearer(admin)).expect(200)).body.data
      .routes as Route[];
    const adminRoutes = registered.filter((r) => r.path.startsWith('/api/admin/') || ADMIN_ROUTES_ELSEWHERE.includes(r.path));
    // The list is enumerated, but it must not silently shrink to nothing (or lose the known ones).
    expect(adminRoutes.filter((r) => r.path.startsWith('/api/admin/')).length).toBeGreaterThanOrEqual(20);
    for (const known of ADMIN_ROUTES_ELSEWHERE) expect(adminRoutes.map((r) => r.path)).toContain(known);

    const before = await eventCount(stack);
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const anonymous = await call(route);
      if (anonymous.status !== 401 || !anonymous.body?.message)
        wrong.push(`${route.method} ${route.path} anonymous: ${anonymous.status} ${JSON.stringify(anonymous.body)}`);
      const asMember = await call(route).set('authorization', bearer(member));
      if (asMember.status !== 403 || asMember.body?.message !== 'Admin access required')
        wrong.push(`${route.method} ${route.path} member: ${asMember.status} ${JSON.stringify(asMember.body)}`);
    }
    console.log(`R6: ${adminRoutes.length} admin routes checked`);
    expect(wrong).toEqual([]);
    expect(await eventCount(stack)).toBe(before);
  });
});
