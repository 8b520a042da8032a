import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Counts a hit in a fixed window; over the limit, blocks the key for the block duration. */
const INCREMENT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), blocked}
end
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
if hits > tonumber(ARGV[2]) then
  local block = tonumber(ARGV[3])
  if block <= 0 then block = ttl end
  redis.call('SET', KEYS[2], '1', 'PX', block)
  return {hits, ttl, block}
end
return {hits, ttl, 0}`;

/**
 * The throttler's hit counts in Redis, so a limit holds across every API replica instead of
 * multiplying with them (the in-memory default counts per process).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:${throttlerName}:${key}`;
    const [hits, ttlMs, blockedMs] = (await this.redis.eval(INCREMENT, 2, `${base}:hits`, `${base}:blocked`, ttl, limit, blockDuration)) as number[];
    return {
      totalHits: Number(hits),
      timeToExpire: Math.max(0, Math.ceil(Number(ttlMs) / 1000)),
      isBlocked: Number(blockedMs) > 0,
      timeToBlockExpire: Math.max(0, Math.ceil(Number(blockedMs) / 1000)),
    };
  }
}
