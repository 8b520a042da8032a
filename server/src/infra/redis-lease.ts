import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

/** Sets the lease when free (returning a new fencing token), or extends it when it is already ours (-1); 0 when another holds it. */
const ACQUIRE = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return redis.call('incr', KEYS[2]) end
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return -1 end
return 0`;
/** Extends the lease only while it is still ours. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
/** Deletes the lease only while it is still ours. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** The fencing check: 1 while the lease is still ours. */
const HOLDS = `if redis.call('get', KEYS[1]) == ARGV[1] then return 1 end return 0`;
/** Sets each further key KEYS[i] to ARGV[i] only while the lease KEYS[1] is still ours (ARGV[1]): a fenced write. */
const FENCED_SET = `if redis.call('get', KEYS[1]) == ARGV[1] then
  for i = 2, #KEYS do redis.call('set', KEYS[i], ARGV[i]) end
  return 1
end
return 0`;

export interface LeaseOptions {
  redis: Redis;
  /** Redis key of the lease; its fencing counter is `${key}:fence`. */
  key: string;
  /** How long the lease lasts without renewal: a killed holder's lease is free this long after its last renewal. */
  ttlMs?: number;
  /** How often the holder renews and a standby tries to take over. */
  renewMs?: number;
  /**
   * Called once each time this process takes the lease, with its fencing token (larger than every
   * earlier holder's). When it fails, the lease is given up (onLost, then released in Redis, so a
   * standby can take it) and this process competes for it again after a TTL.
   */
  onAcquired(token: number): Promise<void> | void;
  /** Called once when the lease is lost (expired, taken over, Redis away past the TTL) or given up on stop. */
  onLost(): Promise<void> | void;
}

export const LEASE_TTL_MS = 3_000;
export const LEASE_RENEW_MS = 1_000;

/**
 * A lease held by one process at a time across every replica (Redis `SET NX PX`), renewed while
 * the holder lives; a standby polls and takes it over once a killed holder's lease has expired
 * (within ttl + renew, 4 s by default). Each acquisition gets a fencing token from a counter that
 * only grows.
 *
 * The holder trusts its lease only until the moment it sent its last successful renewal plus the
 * TTL less a margin (`holds()`): a process that was paused (GC, SIGSTOP, a stalled VM) wakes up
 * knowing its lease may be gone before it acts. `fence()` adds a check in Redis: work that must not
 * happen twice (enqueueing) calls it right before, and `fencedSet` writes a key only while the
 * lease is ours.
 */
export class RedisLease {
  readonly owner = randomUUID();
  private readonly logger: Logger;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private token: number | undefined;
  private validUntil = 0;
  private timer?: NodeJS.Timeout;
  private running = false;
  /** Lease transitions (acquired, lost) run one at a time, in order. */
  private transitions: Promise<void> = Promise.resolve();
  private ticking = false;
  /** After a failed onAcquired: no new attempt before this time (Infinity until the lease is released). */
  private competeAfter = 0;

  constructor(private readonly options: LeaseOptions) {
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
    this.logger = new Logger(`Lease ${options.key}`);
  }

  /** The fencing token of the current holding, if this process holds the lease. */
  get fencingToken(): number | undefined {
    return this.holds() ? this.token : undefined;
  }

  /** Held, by local reckoning (no round trip): false once the lease may have expired in Redis. */
  holds(): boolean {
    return this.token !== undefined && Date.now() < this.validUntil;
  }

  /** Held, checked in Redis too: call right before work only the holder may do. */
  async fence(): Promise<boolean> {
    if (!this.holds()) return false;
    const ok = (await this.options.redis.eval(HOLDS, 1, this.options.key, this.owner)) === 1;
    if (!ok) this.lose('another process holds it');
    return ok && this.holds();
  }

  /** SETs each key to its value, only while the lease is ours (atomic with the check): a fence and the writes in one round trip. */
  async fencedSet(values: Readonly<Record<string, string>>): Promise<boolean> {
    if (!this.holds()) return false;
    const keys = Object.keys(values);
    const ok =
      (await this.options.redis.eval(FENCED_SET, 1 + keys.length, this.options.key, ...keys, this.owner, ...keys.map((key) => values[key]))) === 1;
    if (!ok) this.lose('another process holds it');
    return ok && this.holds();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.renewMs);
  }

  /** Stops renewing, gives the lease up (so a standby takes over at once) and waits for onLost. */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    if (this.token !== undefined) {
      this.lose('stopping');
      await this.transitions;
      await this.options.redis.eval(RELEASE, 1, this.options.key, this.owner).catch(() => undefined);
    }
    await this.transitions;
  }

  private async tick(): Promise<void> {
    // A renewal stuck on an unreachable Redis must not keep a lapsed lease in force.
    if (this.token !== undefined && !this.holds()) this.lose('not renewed in time');
    if (this.ticking || !this.running) return;
    if (this.token === undefined && Date.now() < this.competeAfter) return;
    this.ticking = true;
    const sentAt = Date.now();
    try {
      if (this.token === undefined) {
        const result = Number(await this.options.redis.eval(ACQUIRE, 2, this.options.key, `${this.options.key}:fence`, this.owner, this.ttlMs));
        if (result !== 0 && this.running) {
          this.validUntil = sentAt + this.ttlMs - this.margin();
          // -1: ours already (a restart of this object before the key expired); a fresh token anyway.
          const token = result > 0 ? result : Number(await this.options.redis.incr(`${this.options.key}:fence`));
          this.token = token;
          this.logger.log(`taken (fencing token ${token})`);
          this.transition(() => this.acquired(token));
        }
      } else {
        const renewed = Number(await this.options.redis.eval(RENEW, 1, this.options.key, this.owner, this.ttlMs)) === 1;
        if (renewed) this.validUntil = sentAt + this.ttlMs - this.margin();
        else this.lose('expired or taken over');
      }
    } catch (error) {
      // Redis away: the lease lapses by itself once validUntil passes.
      if (this.token !== undefined && !this.holds()) this.lose(`Redis unreachable: ${(error as Error).message}`);
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Runs onAcquired; when it fails, gives this holding up without waiting on the transitions (this
   * is one of them): onLost and the release in Redis follow it, and the next attempt waits a TTL.
   */
  private async acquired(token: number): Promise<void> {
    try {
      await this.options.onAcquired(token);
    } catch (error) {
      if (this.token !== token) return void this.logger.warn(`the holding (fencing token ${token}) ended before its start finished: ${(error as Error).message}`);
      this.logger.error(error, `the holder could not start (fencing token ${token}): giving the lease up, competing again in ${this.ttlMs} ms`);
      this.competeAfter = Infinity;
      this.lose('the holder could not start');
      this.transition(async () => {
        await this.options.redis.eval(RELEASE, 1, this.options.key, this.owner).catch(() => undefined);
        this.competeAfter = Date.now() + this.ttlMs;
      });
    }
  }

  private margin(): number {
    return Math.min(500, Math.floor(this.ttlMs / 4));
  }

  private lose(why: string): void {
    if (this.token === undefined) return;
    this.logger.warn(`lost (fencing token ${this.token}): ${why}`);
    this.token = undefined;
    this.validUntil = 0;
    this.transition(() => this.options.onLost());
  }

  private transition(step: () => Promise<void> | void): void {
    this.transitions = this.transitions.then(step).catch((error: unknown) => this.logger.error(error));
  }
}
