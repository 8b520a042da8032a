import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';

async function bootstrap() {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.port, host: config.host });
}

bootstrap().catch((error: unknown) => {
  // A refused configuration (e.g. the Auth emulator in production) must stop the process with its reason.
  console.error(`PlayQuid API did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
