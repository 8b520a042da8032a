/**
 * The prerendered first screen ("shell") of the public pages: the client build renders the top of
 * /, /offers and /blog (navbar and hero or page header, `src/prerender.tsx`) to static HTML, and the
 * server sends a visitor's page with it in `<div id="shell">` just before `#root`, so the page paints
 * before any of its JavaScript has run. `#root` stays hidden meanwhile (styles.css); once the page's
 * own render has committed, `releaseShell()` removes the shell in the same frame, so the app's
 * identical markup takes its place without a flash or a layout shift.
 */
import { MEMBER_HINT_COOKIE } from '@playquid/contracts';

export const SHELL_ID = 'shell';

/** The paths the build prerenders a shell for (the path alone: /?ref=... and /blog?page=2 get theirs). */
export const SHELL_PATHS: readonly string[] = ['/', '/offers', '/blog'];

/**
 * Keeps the member hint cookie (contracts' MEMBER_HINT_COOKIE) in step with who is signed in, on
 * every auth state change: the server leaves the visitor's shell out of a member's pages (a member
 * would otherwise see the visitor's navbar until the app has rendered).
 */
export function noteMemberHint(status: 'loading' | 'signed-in' | 'signed-out', doc: Document = document): void {
  if (status === 'loading') return;
  const hinted = new RegExp(`(?:^|;\\s*)${MEMBER_HINT_COOKIE}=1(?:;|$)`).test(doc.cookie);
  const member = status === 'signed-in';
  if (member === hinted) return;
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie = member
    ? `${MEMBER_HINT_COOKIE}=1; path=/; max-age=31536000; samesite=lax${secure}`
    : `${MEMBER_HINT_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}

type RunningAnimation = { name: string; time: CSSNumberish | null };

/** The shell's running CSS animations (the hero's rise, the floating badge), in document order. */
function cssAnimationsIn(element: Element): RunningAnimation[] {
  if (typeof element.getAnimations !== 'function') return [];
  return element
    .getAnimations({ subtree: true })
    .flatMap((animation) => ('animationName' in animation ? [{ name: String(animation.animationName), time: animation.currentTime }] : []));
}

/**
 * Hands the page over from the prerendered shell to the app: removes the shell (which unhides
 * `#root`), and lets each CSS animation of the app's markup carry on where the shell's twin had got
 * to (the hero would otherwise rise in twice). Called from the layout effect of a page that has a
 * shell, once its first render has committed, and by the root layout for every other page. Does
 * nothing once the shell is gone.
 */
export function releaseShell(doc: Document = document): void {
  const shell = doc.getElementById(SHELL_ID);
  if (!shell) return;
  const running = cssAnimationsIn(shell);
  shell.remove();
  const root = doc.getElementById('root');
  if (!root || running.length === 0) return;
  // The shell's markup is the start of the page's: its animations are the first of the page's, in order.
  const twins = root.getAnimations({ subtree: true }).filter((animation) => 'animationName' in animation);
  let next = 0;
  for (const { name, time } of running) {
    const at = twins.findIndex((animation, index) => index >= next && (animation as CSSAnimation).animationName === name);
    if (at < 0) break;
    if (time !== null) twins[at].currentTime = time;
    next = at + 1;
  }
}
