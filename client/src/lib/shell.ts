/**
 * The prerendered first screen ("shell") of the public pages: the client build renders the top of
 * /, /offers and /blog (navbar and hero or page header, `src/prerender.tsx`) to static HTML, and the
 * server sends a visitor's page with it in `<div id="shell">` just before `#root`, so the page paints
 * before any of its JavaScript has run. `#root` stays hidden meanwhile (styles.css); once the page's
 * own render has committed, `releaseShell()` removes the shell in the same frame, so the app's
 * identical markup takes its place without a flash or a layout shift.
 */
import { CONSENT_HINT_COOKIE, MEMBER_HINT_COOKIE } from '@playquid/contracts';
// The ids live apart (shell-id.ts) for the page's entry (boot.ts), which imports nothing else of the app.
import { CONSENT_SHELL_ID, SHELL_ID } from './shell-id';
import { takeShellTap } from './shell-replay';

export { CONSENT_SHELL_ID, SHELL_ID };

/** The paths the build prerenders a shell for (the path alone: /?ref=... and /blog?page=2 get theirs). */
export const SHELL_PATHS: readonly string[] = ['/', '/offers', '/blog'];

/** Sets ("1", for a year) or clears a hint cookie the server reads; writes only when it changes. */
function noteHint(name: string, on: boolean, doc: Document): void {
  const hinted = new RegExp(`(?:^|;\\s*)${name}=1(?:;|$)`).test(doc.cookie);
  if (on === hinted) return;
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie = on ? `${name}=1; path=/; max-age=31536000; samesite=lax${secure}` : `${name}=; path=/; max-age=0; samesite=lax${secure}`;
}

/**
 * Keeps the member hint cookie (contracts' MEMBER_HINT_COOKIE) in step with who is signed in, on
 * every auth state change: the server leaves the visitor's shell out of a member's pages (a member
 * would otherwise see the visitor's navbar until the app has rendered).
 */
export function noteMemberHint(status: 'loading' | 'signed-in' | 'signed-out', doc: Document = document): void {
  if (status === 'loading') return;
  noteHint(MEMBER_HINT_COOKIE, status === 'signed-in', doc);
}

/**
 * Keeps the consent hint cookie (contracts' CONSENT_HINT_COOKIE) in step with the stored cookie
 * choice: the server sends the consent banner's shell only to a visitor without one. A choice that
 * has expired or was cleared clears the hint, so the banner is in the shell again from the next page.
 */
export function noteConsentHint(decided: boolean, doc: Document = document): void {
  noteHint(CONSENT_HINT_COOKIE, decided, doc);
}

/**
 * Hands the consent banner over from its prerendered shell (sent to a visitor who had not chosen,
 * after `#root`, inert) to the app: called by the app's banner once it has committed, so one takes
 * the other's place in the same frame, and by the consent gate when no banner is due.
 */
export function releaseConsentShell(doc: Document = document): void {
  doc.getElementById(CONSENT_SHELL_ID)?.remove();
}

/** A running CSS animation of the shell: its name, and when it started on the document's timeline. */
type ShellAnimation = { name: string; startTime: number };

let shellAnimations: ShellAnimation[] = [];

/**
 * Notes the shell's running CSS animations (the hero's rise, the floating badge), in document order.
 * Called before the app's first render, while the page's style is settled: asked for at the hand-over,
 * the browser would first compute the style of the whole newly rendered page, inside the commit.
 */
export function noteShellAnimations(doc: Document = document): void {
  const shell = doc.getElementById(SHELL_ID);
  if (!shell || typeof shell.getAnimations !== 'function') return;
  shellAnimations = shell.getAnimations({ subtree: true }).flatMap((animation) =>
    'animationName' in animation && typeof animation.startTime === 'number'
      ? [{ name: String(animation.animationName), startTime: animation.startTime }]
      : [],
  );
}

/**
 * Hands the page over from the prerendered shell to the app: removes the shell (which unhides
 * `#root`), and lets each CSS animation of the app's markup carry on where the shell's twin had got
 * to (the hero would otherwise rise in twice): the twin (the next `animate-{name}` element of the
 * app's, in document order) starts that much into its animation, through a negative delay (the
 * shell's animations have no delay of their own). Called from the layout effect of a page that has
 * a shell, once its first render has committed, and by the root layout for every other page. Does
 * nothing once the shell is gone. Reads no style: the commit it runs in stays free of style work. A
 * control tapped in the shell before (lib/shell-replay.ts) is clicked on the app's twin.
 */
export function releaseShell(doc: Document = document): void {
  const shell = doc.getElementById(SHELL_ID);
  if (!shell) return;
  shell.remove();
  const root = doc.getElementById('root');
  if (!root) return;
  // A control tapped in the shell meanwhile: its twin gets the click now.
  const tapped = takeShellTap();
  if (tapped && /^[\w-]+$/.test(tapped)) root.querySelector<HTMLElement>(`[data-replay="${tapped}"]`)?.click();
  const now = doc.timeline?.currentTime;
  if (typeof now !== 'number') return;
  // The shell's markup is the start of the page's: its animations are the first of the page's, in order.
  const twins = [...root.querySelectorAll<HTMLElement>('[class*="animate-"]')];
  let next = 0;
  for (const { name, startTime } of shellAnimations) {
    const at = twins.findIndex((element, index) => index >= next && element.classList.contains(`animate-${name}`));
    if (at < 0) break;
    twins[at].style.animationDelay = `${startTime - now}ms`;
    next = at + 1;
  }
  shellAnimations = [];
}
