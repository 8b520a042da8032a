import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';

async function bootstrap() {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.port, host: config.host });
}

void bootstrap();
