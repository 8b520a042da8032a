import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchSignedCallback, localOrigin } from './local-callback.client';

const BASE = 'https://partner-facing.example';
let app: FastifyInstance;

/** A stand-in for our intake: echoes what reached it, so the test sees the exact path and source. */
async function echoServer() {
  app = Fastify();
  app.get('/api/bitlabs/callback', async (request, reply) => reply.status(200).send({ url: request.raw.url, ip: request.ip }));
  await app.ready();
  return { server: app.server, inject: app.inject.bind(app) };
}

afterEach(() => app?.close());

describe('dispatchSignedCallback', () => {
  const signed = `${BASE}/api/bitlabs/callback?uid=u1&tx=o1&val=1.25&hash=abc`;

  it('uses Fastify inject when the server does not listen, with the path and query byte for byte', async () => {
    const target = await echoServer();
    const response = await dispatchSignedCallback(target, BASE, signed);
    expect(response).toEqual({
      url: signed,
      transport: 'inject',
      status: 200,
      body: { url: '/api/bitlabs/callback?uid=u1&tx=o1&val=1.25&hash=abc', ip: '127.0.0.1' },
    });
  });

  it('makes a real HTTP request to the listen address when the server listens', async () => {
    const target = await echoServer();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await dispatchSignedCallback(target, BASE, signed);
    expect(response).toMatchObject({ transport: 'http', status: 200, body: { url: '/api/bitlabs/callback?uid=u1&tx=o1&val=1.25&hash=abc' } });
  });

  it('refuses a URL that is not under the public base URL', async () => {
    const target = await echoServer();
    await expect(dispatchSignedCallback(target, BASE, 'https://elsewhere.example/api/bitlabs/callback?x=1')).rejects.toThrow('is not under');
  });

  it('reaches a wildcard bind on loopback', () => {
    expect(localOrigin({ address: '0.0.0.0', family: 'IPv4', port: 3000 } as AddressInfo)).toBe('http://127.0.0.1:3000');
    expect(localOrigin({ address: '::1', family: 'IPv6', port: 3000 } as AddressInfo)).toBe('http://[::1]:3000');
  });
});
