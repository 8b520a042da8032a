/**
 * Taps on a prerendered shell's controls (lib/shell.ts) before the app has taken over: the shell is
 * static markup, so a control that needs the app (the phone menu's toggle) would ignore them. A
 * control marked `data-replay="{name}"` is remembered when tapped in the shell, and the hand-over
 * clicks the app's twin (same mark) once it is there. Part of the entry (boot.ts): it listens from
 * the first paint.
 */
let pending: string | null = null;

export function listenForShellTaps(doc: Document = document, shellId = 'shell'): void {
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest(`#${shellId} [data-replay]`) : null;
      if (target) pending = target.getAttribute('data-replay');
    },
    true,
  );
}

/** The control last tapped in the shell, once (null when none was). */
export function takeShellTap(): string | null {
  const tapped = pending;
  pending = null;
  return tapped;
}
