import { Clock } from '../cqrs/clock';

/** A clock that stands still until a test moves it. */
export class FixedClock extends Clock {
  constructor(private time: Date = new Date('2026-11-22T10:00:00.000Z')) {
    super();
  }

  now(): Date {
    return new Date(this.time);
  }

  set(time: Date): void {
    this.time = new Date(time);
  }

  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}
