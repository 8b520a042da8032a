import { Injectable } from '@nestjs/common';

/** A command as callers build it: its handler stamps `now`, so time enters the write side in one place. */
export type WithoutNow<C> = C extends unknown ? Omit<C, 'now'> : never;

/**
 * Where the write side reads the time: command handlers stamp their commands with it (and the
 * events carry it), so a test can fix the moment instead of racing the wall clock. Also the
 * provider token: InfrastructureModule binds SystemClock, tests may bind a FixedClock.
 */
export abstract class Clock {
  abstract now(): Date;

  /** `now()` as the ISO-8601 text commands and events carry. */
  nowIso(): string {
    return this.now().toISOString();
  }

  /** The command with its `now`. */
  stamp<C extends { now: string }>(input: WithoutNow<C>): C {
    return { ...input, now: this.nowIso() } as unknown as C;
  }
}

@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
