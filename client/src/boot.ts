/**
 * The page's entry: the styles, then the app (main.tsx). A visitor's public page arrives with its
 * prerendered shell (lib/shell.ts) and without modulepreload links: the app starts only once the
 * shell has painted, so the first paint never waits for the app's JavaScript, neither for its
 * download nor for its first run (which otherwise could start before the browser's first frame and
 * hold the shell back). Every other page starts the app at once.
 *
 * The app's chunks then run one per task (React, the router, the app), each a fraction of what the
 * whole graph takes to compile and run in one go, which on a phone is a long task that input waits on.
 */
import './fonts.css';
import './styles.css';
import { afterFirstPaint } from './lib/first-paint';
import { APP_CHUNKS_META, SHELL_ID } from './lib/shell-id';
import { listenForShellTaps } from './lib/shell-replay';

/** A task boundary: the browser paints and handles input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Starts downloading a module (and its imports, which the browser finds itself), without running it. */
function preloadModule(url: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = url;
  document.head.appendChild(link);
}

async function startApp(): Promise<void> {
  // A shell page names the chunks the server left out of its head; one request per task.
  const chunks = document.querySelector<HTMLMetaElement>(`meta[name="${APP_CHUNKS_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
  for (const url of chunks) {
    preloadModule(url);
    await nextTask();
  }
  await import('react-dom/client');
  await nextTask();
  await import('./lib/router-stage');
  await nextTask();
  await import('./main');
}

if (document.getElementById(SHELL_ID)) {
  // A tap on the shell's menu toggle meanwhile is replayed on the app's (lib/shell-replay.ts).
  listenForShellTaps(document, SHELL_ID);
  afterFirstPaint(() => void startApp());
} else void startApp();
