import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { GlobalPosition } from '@playquid/contracts';
import Fastify from 'fastify';
import { firstValueFrom, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/auth.types';
import { ReadYourWritesInterceptor, registerReadYourWrites } from './read-your-writes';

const MEMBER: AuthUser = { uid: 'member-1', email: 'm@example.com', emailVerified: true, role: 'USER', isAdmin: false };

/** A waiter the test releases by hand, noting every position it was asked to wait for. */
function manualWaiter() {
  const asked: GlobalPosition[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    asked,
    release: () => release(),
    waitFor: async (position: GlobalPosition) => {
      asked.push(position);
      await released;
      return true;
    },
  };
}

/** The request as the onRequest hook leaves it (header parsed), then through the interceptor. */
async function throughInterceptor(headers: Record<string, string>, user: AuthUser | undefined, waiter: ReturnType<typeof manualWaiter>) {
  const fastify = Fastify();
  registerReadYourWrites(fastify);
  let seen: object | undefined;
  fastify.get('/read', async (request) => {
    if (user) Object.assign(request, { user });
    seen = request;
    return { ok: true };
  });
  const response = await fastify.inject({ method: 'GET', url: '/read', headers });
  const handled: string[] = [];
  const context = { switchToHttp: () => ({ getRequest: () => seen }) } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => (handled.push('handler'), of('answer')) };
  const answer = firstValueFrom(new ReadYourWritesInterceptor(waiter).intercept(context, next));
  return { response, handled, answer };
}

describe('X-Min-Log-Position waits only for authenticated callers', () => {
  it("ignores a visitor's position: the read is answered without waiting for the projections", async () => {
    const waiter = manualWaiter();
    const { response, handled, answer } = await throughInterceptor({ 'x-min-log-position': '999999999/0' }, undefined, waiter);
    expect(response.statusCode).toBe(200);
    expect(await answer).toBe('answer');
    expect(handled).toEqual(['handler']);
    expect(waiter.asked).toEqual([]);
  });

  it("holds a signed-in member's read until the projections have passed their position", async () => {
    const waiter = manualWaiter();
    const { handled, answer } = await throughInterceptor({ 'x-min-log-position': '1234/5' }, MEMBER, waiter);
    await expect.poll(() => waiter.asked).toEqual([{ commit: 1234n, prepare: 5n }]);
    expect(handled).toEqual([]);
    waiter.release();
    expect(await answer).toBe('answer');
    expect(handled).toEqual(['handler']);
  });

  it('refuses a malformed position with a 400 before anything else, whoever asks', async () => {
    const fastify = Fastify();
    registerReadYourWrites(fastify);
    fastify.get('/read', async () => ({ ok: true }));
    const response = await fastify.inject({ method: 'GET', url: '/read', headers: { 'x-min-log-position': 'latest' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining('x-min-log-position') });
  });
});
