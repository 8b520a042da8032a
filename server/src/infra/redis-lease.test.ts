import { eventually } from '@playquid/domain/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemberLocks } from './member-locks';
import { RedisLease } from './redis-lease';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

const until = (check: () => boolean) => eventually(check, { timeoutMs: 5_000, intervalMs: 10 });

function lease(key: string, events: string[], name: string) {
  return new RedisLease({
    redis,
    key,
    ttlMs: 400,
    renewMs: 100,
    onAcquired: (token) => void events.push(`${name} acquired ${token}`),
    onLost: () => void events.push(`${name} lost`),
  });
}

describe('RedisLease', () => {
  it('one holder at a time; a standby takes over when the holder lets go, with a larger fencing token', async () => {
    const key = `test:lease:${randomBytes(4).toString('hex')}`;
    const events: string[] = [];
    const a = lease(key, events, 'a');
    const b = lease(key, events, 'b');
    a.start();
    await until(() => a.holds());
    b.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(b.holds()).toBe(false);
    expect(await b.fence()).toBe(false);
    await a.stop();
    await until(() => b.holds());
    await b.stop();
    expect(events).toEqual(['a acquired 1', 'a lost', 'b acquired 2', 'b lost']);
  });

  it('a paused holder wakes up without its lease: the fence refuses and a fenced write does nothing', async () => {
    const key = `test:lease:${randomBytes(4).toString('hex')}`;
    const events: string[] = [];
    const a = lease(key, events, 'a');
    const b = lease(key, events, 'b');
    a.start();
    await until(() => a.holds());
    // The holder stops renewing (a long GC pause, SIGSTOP): its lease expires and the standby takes it.
    clearInterval((a as unknown as { timer: NodeJS.Timeout }).timer);
    b.start();
    await until(() => b.holds());
    expect(a.holds()).toBe(false);
    expect(await a.fence()).toBe(false);
    expect(await a.fencedSet({ [`${key}:data`]: 'stale' })).toBe(false);
    expect(await b.fencedSet({ [`${key}:data`]: 'fresh', [`${key}:more`]: 'also' })).toBe(true);
    expect(await redis.mget(`${key}:data`, `${key}:more`)).toEqual(['fresh', 'also']);
    await Promise.all([a.stop(), b.stop()]);
    expect(events.filter((e) => e.startsWith('b'))).toEqual(['b acquired 2', 'b lost']);
  });

  it('a fenced write refused in Redis (the key taken by another) loses the lease at once, as the fence does', async () => {
    const key = `test:lease:${randomBytes(4).toString('hex')}`;
    const events: string[] = [];
    const a = lease(key, events, 'a');
    a.start();
    await until(() => a.holds());
    // Another process holds the key now (say a's renewal was lost and a standby took it), before a's local reckoning expires.
    await redis.set(key, 'someone else', 'PX', 10_000);
    expect(await a.fencedSet({ [`${key}:data`]: 'stale' })).toBe(false);
    expect(await redis.get(`${key}:data`)).toBeNull();
    expect(a.holds()).toBe(false);
    await until(() => events.includes('a lost'));
    await a.stop();
    await redis.del(key);
  });

  it('a holder that fails to start gives the lease up at once (a standby takes it) and competes for it again', async () => {
    const key = `test:lease:${randomBytes(4).toString('hex')}`;
    const events: string[] = [];
    let failures = 1;
    const ttlMs = 2_000;
    const a = new RedisLease({
      redis,
      key,
      ttlMs,
      renewMs: 100,
      onAcquired: (token) => {
        events.push(`a acquired ${token}`);
        if (failures-- > 0) throw new Error('could not start (test)');
      },
      onLost: () => void events.push('a lost'),
    });
    const b = lease(key, events, 'b');
    a.start();
    await until(() => events.includes('a acquired 1'));
    b.start();
    // Released in Redis, not left to expire: the standby has it well within a's TTL.
    await eventually(() => b.holds(), { timeoutMs: ttlMs / 2, intervalMs: 10 });
    await b.stop();
    // a competes again (a TTL after giving up) and takes the lease back.
    await eventually(() => a.holds(), { timeoutMs: 3 * ttlMs, intervalMs: 10 });
    await a.stop();
    expect(events).toEqual(['a acquired 1', 'a lost', 'b acquired 2', 'b lost', 'a acquired 3', 'a lost']);
  });
});

describe('MemberLocks', () => {
  it("never runs two processes' work for the same member at once; a process's own jobs share the lock", async () => {
    const prefix = `test:member-lock:${randomBytes(4).toString('hex')}`;
    const one = new MemberLocks({ redis, prefix, ttlMs: 1_000 });
    const two = new MemberLocks({ redis, prefix, ttlMs: 1_000 });
    const inside = new Map<string, Set<MemberLocks>>();
    let overlaps = 0;
    const work = (locks: MemberLocks, key: string) =>
      locks.with(key, async () => {
        const here = inside.get(key) ?? new Set();
        inside.set(key, here);
        here.add(locks);
        if (here.size > 1) overlaps++;
        await new Promise((r) => setTimeout(r, 5));
        here.delete(locks);
        return key;
      });
    const runs = Array.from({ length: 40 }, (_, i) => work(i % 2 ? one : two, `member-${i % 3}`));
    expect((await Promise.all(runs)).length).toBe(40);
    expect(overlaps).toBe(0);
  });
});
