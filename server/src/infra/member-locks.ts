import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export interface MemberLocksOptions {
  redis: Redis;
  /** Key prefix; a member's lock is `${prefix}:${key}`. */
  prefix: string;
  ttlMs?: number;
  /** How long a job waits for another process to let go of the member before it fails (and is retried). */
  waitMs?: number;
}

interface Held {
  /** Jobs of this process inside the lock (or waiting for it). */
  users: number;
  acquired: Promise<void>;
  renew?: NodeJS.Timeout;
}

export class MemberLockTimeoutError extends Error {}

/**
 * One process at a time per key (a member) across every replica: a Redis lock (`SET NX PX`, renewed
 * while held) that this process shares among its own jobs for the same key. The first job of a key
 * in the process takes the lock (waiting while another process holds it); later jobs of the same
 * key in this process join it, so they still queue up behind each other where the work itself
 * orders them (and are decided together), and the lock is let go when the last one finishes.
 *
 * It is a guard, not the only one: the wallet's appends carry an expected revision, so even a lock
 * lost to a long pause cannot make two deciders both append.
 */
export class MemberLocks {
  private readonly owner = randomUUID();
  private readonly held = new Map<string, Held>();
  private readonly logger = new Logger('MemberLocks');
  private readonly ttlMs: number;
  private readonly waitMs: number;

  constructor(private readonly options: MemberLocksOptions) {
    // A killed holder's members are free again within 5 s (renewed every 1.7 s while held).
    this.ttlMs = options.ttlMs ?? 5_000;
    this.waitMs = options.waitMs ?? 30_000;
  }

  async with<T>(key: string, work: () => Promise<T>): Promise<T> {
    let entry = this.held.get(key);
    if (!entry) {
      const fresh: Held = { users: 0, acquired: Promise.resolve() };
      fresh.acquired = this.acquire(key, fresh);
      this.held.set(key, (entry = fresh));
    }
    entry.users++;
    try {
      await entry.acquired;
      return await work();
    } finally {
      if (--entry.users === 0) {
        this.held.delete(key);
        clearInterval(entry.renew);
        await entry.acquired.then(
          () => this.options.redis.eval(RELEASE, 1, this.redisKey(key), this.owner).catch(() => undefined),
          () => undefined,
        );
      }
    }
  }

  private redisKey(key: string): string {
    return `${this.options.prefix}:${key}`;
  }

  private async acquire(key: string, entry: Held): Promise<void> {
    const redisKey = this.redisKey(key);
    const deadline = Date.now() + this.waitMs;
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      if ((await this.options.redis.set(redisKey, this.owner, 'PX', this.ttlMs, 'NX')) === 'OK') break;
      if (Date.now() > deadline) throw new MemberLockTimeoutError(`${key} is held by another process`);
      await new Promise((r) => setTimeout(r, wait));
    }
    entry.renew = setInterval(() => {
      this.options.redis
        .eval(RENEW, 1, redisKey, this.owner, this.ttlMs)
        .then((ok) => {
          if (Number(ok) !== 1) this.logger.warn(`lock on ${key} lapsed while held`);
        })
        .catch(() => undefined);
    }, Math.floor(this.ttlMs / 3));
  }
}
