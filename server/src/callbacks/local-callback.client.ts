import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** What the partner would have seen: the intake's status and body, and how the call got there. */
export interface PartnerResponse {
  /** The signed URL as BitLabs would call it (public base URL). */
  url: string;
  /** `http` when the API listens (a real request), `inject` when it does not (tests, workers-only processes). */
  transport: 'http' | 'inject';
  status: number;
  body: unknown;
}

/** The two ways into our own callback endpoint; a seam so both paths are testable without Nest. */
export interface CallbackTarget {
  server: Pick<Server, 'listening' | 'address'>;
  inject: FastifyInstance['inject'];
}

const REQUEST_TIMEOUT_MS = 10_000;

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Where a listening server can be reached from this process (a wildcard bind answers on loopback). */
export function localOrigin(address: AddressInfo): string {
  if (address.address === '0.0.0.0' || address.address === '::') return `http://127.0.0.1:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Sends a signed callback URL through the real intake. The signature covers the public URL; the
 * request goes to where this process listens (as the CLI's send-callback does), or, when nothing
 * listens, through Fastify's in-process `inject`, which runs the same route, hooks and filters.
 */
export async function dispatchSignedCallback(target: CallbackTarget, publicBaseUrl: string, signedUrl: string): Promise<PartnerResponse> {
  if (!signedUrl.startsWith(publicBaseUrl)) throw new Error(`Signed URL ${signedUrl} is not under ${publicBaseUrl}`);
  const pathAndQuery = signedUrl.slice(publicBaseUrl.length);
  const address = target.server.listening ? target.server.address() : null;
  if (address && typeof address === 'object') {
    const response = await fetch(`${localOrigin(address)}${pathAndQuery}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { url: signedUrl, transport: 'http', status: response.status, body: parseBody(await response.text()) };
  }
  const response = await target.inject({ method: 'GET', url: pathAndQuery, remoteAddress: '127.0.0.1' });
  return { url: signedUrl, transport: 'inject', status: response.statusCode, body: parseBody(response.body) };
}

@Injectable()
export class LocalCallbackClient {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  send(signedUrl: string): Promise<PartnerResponse> {
    const adapter = this.adapterHost.httpAdapter;
    const fastify = adapter.getInstance<FastifyInstance>();
    return dispatchSignedCallback(
      { server: adapter.getHttpServer() as Server, inject: fastify.inject.bind(fastify) },
      this.config.bitlabs.publicBaseUrl,
      signedUrl,
    );
  }
}
