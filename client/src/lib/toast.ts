import { useSyncExternalStore } from 'react';

/**
 * Toasts without sonner on first load: the library (and its Toaster) loads on the first toast, so
 * pages that never toast never fetch it. The root mounts the Toaster once one is wanted.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Whether the root should mount the Toaster (true from the first toast on). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** Called by the Toaster's mount: toasts wait for it, so the first one is not lost. */
export const toasterMounted = (): void => markMounted();

async function show(kind: 'success' | 'error', text: string): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  toast[kind](text);
}

export const toast = {
  success: (text: string): void => void show('success', text),
  error: (text: string): void => void show('error', text),
};
