import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The Postgres channel on which a store says it appended events (payload: the store's id). */
export const APPENDED_CHANNEL = 'playquid_events_appended';
const RELISTEN_AFTER_MS = 1_000;

/**
 * Lets the processes that follow the log hear at once that another process appended to it, instead
 * of at their next poll (several API replicas and workers append; one of them holds the forwarder).
 *
 * The notification is a statement of its own, made after the append has committed, never part of
 * the append: a transaction that notifies takes a global lock at its commit, which would serialise
 * every append. One notification is in flight at a time; the appends made meanwhile share the next.
 * A store ignores its own notifications (it wakes its followers itself). The followers keep their
 * poll, so a notification lost with a connection only costs the poll's delay.
 */
export class AppendSignal {
  /** What this store's notifications carry. */
  readonly id = randomUUID();
  /** The notification in flight, if any. */
  private sending?: Promise<void>;
  private again = false;
  private closed = false;
  private listener?: pg.Client;
  private listening?: Promise<void>;
  private relistenTimer?: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onAppendedElsewhere: (by: string) => void,
  ) {}

  /**
   * This store appended: tells the other processes, now or right after the notification in flight.
   * Resolves once the notification that covers this append is made (callers need not wait).
   */
  appended(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.sending) {
      this.again = true;
      return this.sending.then(() => this.sending);
    }
    this.again = false;
    // A failed notification is not an error of the append: the followers' poll finds the events.
    const sending = this.pool
      .query('select pg_notify($1, $2)', [APPENDED_CHANNEL, this.id])
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.sending = undefined;
        if (this.again) void this.appended();
      });
    this.sending = sending;
    return sending;
  }

  /**
   * Starts hearing the other processes' appends (once; again after the connection is lost).
   * Resolves once listening (or once the first attempt failed: the followers' poll goes on).
   */
  listen(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.listener || this.relistenTimer) return this.listening ?? Promise.resolve();
    const client = new pg.Client(this.pool.options);
    this.listener = client;
    const lost = () => {
      if (client !== this.listener) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.relistenTimer = setTimeout(() => {
        this.relistenTimer = undefined;
        this.listen();
      }, RELISTEN_AFTER_MS);
      this.relistenTimer.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ payload }) => {
      if (payload && payload !== this.id) this.onAppendedElsewhere(payload);
    });
    this.listening = client
      .connect()
      .then(() => client.query(`listen ${APPENDED_CHANNEL}`))
      .then(
        () => undefined,
        // Appends made before the LISTEN took effect are found by the followers' poll.
        () => lost(),
      );
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }
}
