import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ALL_MEMBERS } from '@playquid/read-db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ShutdownState } from '../health/shutdown-state';
import { MemberRowCache } from '../infra/member-row-cache';

/** A comment line this often keeps the stream open through proxies that cut idle connections. */
export const MEMBER_EVENTS_HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

/** The one event type: the member's wallet (balance, earnings, payouts) changed; refetch it. */
export const WALLET_EVENT = 'wallet';

interface Stream {
  uid: string;
  write(chunk: string): void;
  end(): void;
}

/**
 * The members' Server-Sent Events streams (`GET /api/users/events`). A member's stream gets a
 * `wallet` event when a projection commits a change to their balance or account row: the read
 * tables notify on commit (migration MemberRowNotifications) and MemberRowCache's one LISTEN
 * connection per process passes the uids on, so every replica tells its own connected members.
 */
@Injectable()
export class MemberEventsService implements OnModuleDestroy {
  private readonly streams = new Set<Stream>();
  private readonly unsubscribe: () => void;
  private heartbeat?: NodeJS.Timeout;

  constructor(rows: MemberRowCache, shutdown: ShutdownState) {
    this.unsubscribe = rows.onChange((uids) => this.changed(uids));
    // A draining replica ends its streams at once: the browsers reconnect to another replica.
    shutdown.onDrain(() => this.endAll());
  }

  /** Opens the member's stream on this (hijacked) reply; it stays open until the client leaves. */
  open(uid: string, request: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx-style proxies would otherwise hold the events back in a buffer.
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    request.raw.socket.setTimeout(0);
    request.raw.socket.setNoDelay(true);
    const stream: Stream = {
      uid,
      write: (chunk) => void raw.write(chunk),
      end: () => raw.end(),
    };
    this.streams.add(stream);
    this.heartbeat ??= setInterval(() => this.broadcast(': heartbeat\n\n'), MEMBER_EVENTS_HEARTBEAT_MS).unref();
    const close = () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
      }
    };
    raw.on('close', close);
    request.raw.on('close', close);
    stream.write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    this.endAll();
  }

  private endAll(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const stream of [...this.streams]) stream.end();
    this.streams.clear();
  }

  private changed(uids: readonly string[] | typeof ALL_MEMBERS): void {
    if (this.streams.size === 0) return;
    const named = uids === ALL_MEMBERS ? undefined : new Set(uids);
    const message = `event: ${WALLET_EVENT}\ndata: {}\n\n`;
    for (const stream of this.streams) if (!named || named.has(stream.uid)) stream.write(message);
  }

  private broadcast(chunk: string): void {
    for (const stream of this.streams) stream.write(chunk);
  }
}
