import { Controller, Get, Injectable } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../auth/auth.decorators';
import { ok } from '../common/envelope';

/** Filled by app.factory from Fastify's onRoute hook. */
@Injectable()
export class RouteRegistry {
  readonly routes: Array<{ method: string; path: string }> = [];
}

@ApiTags('debug')
@Controller('debug')
export class DebugController {
  constructor(private readonly registry: RouteRegistry) {}

  @Get('routes')
  @AdminRoute()
  routes() {
    const routes = [...this.registry.routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
    return ok({ routes, total: routes.length }, 'Registered routes');
  }
}
