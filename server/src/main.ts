import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';

/** Nest's shutdown (drain, workers, stores) gets this long after SIGTERM; Docker kills at 10 s. */
const EXIT_DEADLINE_MS = 9_500;

async function bootstrap() {
  const config = loadConfig();
  const app = await createApp();
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`PlayQuid API: shutdown took longer than ${EXIT_DEADLINE_MS} ms; exiting`);
        process.exit(1);
      }, EXIT_DEADLINE_MS).unref();
    });
  await app.listen({ port: config.port, host: config.host });
}

// A promise rejected with no handler is a bug: say so and exit (the orchestrator restarts the
// process, and nothing already accepted is lost: callbacks are stored before they are answered).
process.on('unhandledRejection', (reason) => {
  console.error('PlayQuid API: unhandled rejection; exiting', reason);
  process.exit(1);
});

bootstrap().catch((error: unknown) => {
  // A refused configuration (e.g. the Auth emulator in production) must stop the process with its reason.
  console.error(`PlayQuid API did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
