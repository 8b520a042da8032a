import { Module } from '@nestjs/common';
import { DebugController, RouteRegistry } from './debug.controller';

/** GET /api/debug/routes for admins: every route Fastify registered (app.factory fills the registry). */
@Module({
  controllers: [DebugController],
  providers: [RouteRegistry],
})
export class DebugModule {}
