import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'node:http';

/** How long in-flight requests get before every connection left is cut (Docker kills at 10 s). */
export const DRAIN_LIMIT_MS = 8_000;
const CLOSE_IDLE_EVERY_MS = 100;

/**
 * The API's drain on SIGTERM, started before Nest closes anything: readiness answers 503 from
 * that moment, the listener stops accepting connections, idle keep-alive connections are closed
 * (again every 100 ms, as busy ones go idle), and every response from then on carries
 * `Connection: close`, so no client keeps a connection to a process that is going away. In-flight
 * requests finish; whatever is still open after DRAIN_LIMIT_MS is cut.
 */
@Injectable()
export class ShutdownState {
  private readonly logger = new Logger('Shutdown');
  draining = false;
  private readonly drainListeners = new Set<() => void>();
  private idleTimer?: NodeJS.Timeout;
  private limitTimer?: NodeJS.Timeout;

  /** Called when the drain begins (long-lived responses such as event streams end themselves then). */
  onDrain(listener: () => void): void {
    this.drainListeners.add(listener);
  }

  begin(server: Server | undefined, signal = 'SIGTERM'): void {
    if (this.draining) return;
    this.draining = true;
    this.logger.log(`${signal}: draining (readiness 503, no new connections, in-flight requests finish)`);
    for (const listener of this.drainListeners) listener();
    if (!server?.listening) return;
    server.close();
    server.closeIdleConnections();
    this.idleTimer = setInterval(() => server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS);
    this.idleTimer.unref();
    this.limitTimer = setTimeout(() => {
      this.logger.warn(`connections still open after ${DRAIN_LIMIT_MS} ms: closing them`);
      server.closeAllConnections();
    }, DRAIN_LIMIT_MS);
    this.limitTimer.unref();
    server.once('close', () => {
      clearInterval(this.idleTimer);
      clearTimeout(this.limitTimer);
    });
  }
}
