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
import { join } from 'node:path';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';
import { contentSecurityDirectives } from './common/content-security-policy';
import { frameworkErrors, rejectHostileInput } from './common/hostile-input';
import { RouteRegistry } from './debug/debug.controller';
import { ShutdownState } from './health/shutdown-state';

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
  app.enableShutdownHooks();
  // Crawler files live at the site root (SeoController).
  app.setGlobalPrefix('api', { exclude: ['robots.txt', 'sitemap.xml'] });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: contentSecurityDirectives(config),
    },
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
    await app.register(fastifyStatic, { root: config.clientDist, wildcard: false, index: false });
  }
  return app;
}
