import 'reflect-metadata';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { DEFAULT_PAGE_TITLE } from '@playquid/contracts';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';
import { contentSecurityDirectives } from './common/content-security-policy';
import { frameworkErrors, rejectHostileInput } from './common/hostile-input';
import { RouteRegistry } from './debug/debug.controller';
import { ShutdownState } from './health/shutdown-state';
import { AdminGate } from './auth/admin-gate';
import { MetricsService } from './ops/metrics.service';
import { BULL_BOARD_ROUTE } from './ops/ops.module';
import { timingSafeEqual } from 'node:crypto';
import { ReadYourWritesInterceptor, registerReadYourWrites } from './common/read-your-writes';
import { LogPositionWaiter } from './infra/log-position-waiter';

/** Builds the Nest application (used by main.ts, the tests and the benchmark). */
export async function createApp(): Promise<NestFastifyApplication> {
  const config = loadConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule,
    // return503OnClosing: false: a request that reaches a connection still open while the API drains
    // is served (with Connection: close), not refused.
    new FastifyAdapter({ trustProxy: config.trustProxy, bodyLimit: 256 * 1024, frameworkErrors, return503OnClosing: false }),
    // rawBody: webhook signatures (Tremendous) are computed over the bytes as sent, kept as req.rawBody.
    { bufferLogs: true, rawBody: true },
  );
  app.useLogger(app.get(Logger));
  const registry = app.get(RouteRegistry);
  const fastify = app.getHttpAdapter().getInstance();
  rejectHostileInput(fastify);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') registry.routes.push({ method, path: route.url });
  });
  // SIGTERM: the drain starts first (readiness 503, no new connections, idle ones closed), then
  // Nest's shutdown stops the forwarder and workers (finishing their jobs) and closes the server.
  const shutdown = app.get(ShutdownState);
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (shutdown.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => shutdown.begin(app.getHttpServer(), signal));
  registerOperations(app, config.metricsToken);
  registerReadYourWrites(fastify);
  app.useGlobalInterceptors(new ReadYourWritesInterceptor(app.get(LogPositionWaiter)));
  app.enableShutdownHooks();
  // Crawler files live at the site root (SeoController).
  app.setGlobalPrefix('api', { exclude: ['robots.txt', 'sitemap.xml'] });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: contentSecurityDirectives(config),
    },
    // `same-origin` cuts the Google sign-in popup off from the page that opened it (Firebase's
    // signInWithPopup then never hears back); `same-origin-allow-popups` keeps the isolation for
    // pages that open us and lets our own popups report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(DEFAULT_PAGE_TITLE).setDescription('PlayQuid API').setVersion('1').addBearerAuth().build(),
  );
  SwaggerModule.setup('api/docs', app, document);

  if (existsSync(join(config.clientDist, 'index.html'))) {
    // Client routes that are not files fall through to Nest's 404, which ApiExceptionFilter turns
    // into the SPA shell for browser navigations, with the page's head (SeoService). `index: false`:
    // `/` is a client route too, not the bare index.html.
    await app.register(fastifyStatic, {
      root: config.clientDist,
      wildcard: false,
      index: false,
      // The client build writes `.br` and `.gz` next to each compressible file: the best one the
      // browser accepts is sent with its Content-Encoding, and every answer says `Vary: Accept-Encoding`.
      preCompressed: true,
      // The compressed copies are reached through their file's own URL only, and source maps are
      // never public (the build keeps them out of this folder; refused here too): not routes at all.
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => void reply.header('cache-control', staticCacheControl(config.clientDist, path)),
    });
  }
  return app;
}

/** Vite's content-hashed output (`assets/`) never changes under its name; anything else is revalidated. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export function staticCacheControl(root: string, file: string): string {
  return relative(root, file).split(sep)[0] === 'assets' ? IMMUTABLE_CACHE_CONTROL : 'no-cache';
}

const CALLBACK_ROUTE = '/api/bitlabs/callback';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics (Prometheus text; `Authorization: Bearer <METRICS_TOKEN>`, 404 without a token
 * configured, 401 with a wrong one), the HTTP latency and callback counters, and the admin gate in
 * front of Bull Board (mounted on Fastify, out of reach of Nest's guards).
 */
function registerOperations(app: NestFastifyApplication, metricsToken: string | undefined): void {
  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(MetricsService);
  const gate = app.get(AdminGate);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpSeconds.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (route === CALLBACK_ROUTE) {
      if (reply.statusCode === 200) metrics.callbacksReceived.inc();
      else metrics.callbacksRefused.inc({ status: String(reply.statusCode) });
    }
    done();
  });
  const board = `/api${BULL_BOARD_ROUTE}`;
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.url !== board && !request.url.startsWith(`${board}/`) && !request.url.startsWith(`${board}?`)) return;
    const refusal = await gate.refusal(request.headers.authorization, request.method);
    if (refusal) await reply.code(refusal.status).send({ success: false, message: refusal.message, detail: refusal.message, data: null });
  });
  fastify.get('/metrics', async (request, reply) => {
    if (!metricsToken) return reply.code(404).send({ success: false, message: 'Not found', detail: 'Not found', data: null });
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !sameToken(match[1], metricsToken))
      return reply.code(401).send({ success: false, message: 'Missing or wrong metrics token', detail: 'Missing or wrong metrics token', data: null });
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(body);
  });
}
