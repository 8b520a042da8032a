/**
 * "Your account has been suspended": remembered for the browser tab (sessionStorage), so the notice
 * survives the sign-out and redirect that follow a ban, and cleared once someone signs in again.
 */
const KEY = 'playquid:suspended';
const listeners = new Set<() => void>();
let suspended = read();

function read(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function set(value: boolean): void {
  if (value === suspended) return;
  suspended = value;
  try {
    if (value) globalThis.sessionStorage?.setItem(KEY, '1');
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage may be off (private mode); the notice then lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

export const markSuspended = (): void => set(true);
export const clearSuspended = (): void => set(false);
export const isSuspended = (): boolean => suspended;
export function subscribeSuspended(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
