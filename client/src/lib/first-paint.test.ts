import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './first-paint';

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A window whose paint timing the test drives: `paint(name)` reports a paint entry. */
function fakeWindow({ hidden = false, paintTiming = true } = {}) {
  const observers: Callback[] = [];
  let frame: (() => void) | undefined;
  const listeners = new Map<string, () => void>();
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    constructor(private readonly callback: Callback) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  const win = {
    document: {
      visibilityState: hidden ? 'hidden' : 'visible',
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    },
    PerformanceObserver: paintTiming ? Observer : undefined,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    requestAnimationFrame: (fn: () => void) => void (frame = fn),
  };
  return {
    win: win as unknown as Window & typeof globalThis,
    paint: (name: string) => [...observers].forEach((callback) => callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) })),
    frame: () => frame?.(),
    hide: () => {
      win.document.visibilityState = 'hidden';
      listeners.get('visibilitychange')?.();
    },
    observing: () => observers.length,
  };
}

afterEach(() => vi.useRealTimers());

describe('afterFirstPaint', () => {
  it('runs once the first contentful paint is reported, not at the first paint, and once only', () => {
    vi.useFakeTimers();
    const page = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(then, 1000, page.win);
    page.paint('first-paint');
    expect(then).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    expect(then).toHaveBeenCalledTimes(1);
    expect(page.observing()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback when no paint is reported', () => {
    vi.useFakeTimers();
    const page = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(then, 1000, page.win);
    vi.advanceTimersByTime(999);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    page.paint('first-contentful-paint');
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at once in a background tab, and as soon as the tab goes to the background', () => {
    const background = vi.fn();
    afterFirstPaint(background, 1000, fakeWindow({ hidden: true }).win);
    expect(background).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    const page = fakeWindow();
    const then = vi.fn();
    afterFirstPaint(then, 1000, page.win);
    page.hide();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, runs in a task after the next frame', () => {
    vi.useFakeTimers();
    const page = fakeWindow({ paintTiming: false });
    const then = vi.fn();
    afterFirstPaint(then, 1000, page.win);
    vi.advanceTimersByTime(10);
    expect(then).not.toHaveBeenCalled();
    page.frame();
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
