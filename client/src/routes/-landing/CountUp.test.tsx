import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountUp } from './CountUp';

const format = (n: number) => `£${n}`;
let frames: FrameRequestCallback[] = [];
/** Runs the pending animation frame(s) as if the clock read `now`. */
const frameAt = (now: number) =>
  act(() => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(now);
  });

beforeEach(() => {
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
  vi.spyOn(performance, 'now').mockReturnValue(0);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CountUp', () => {
  it('counts from 0 to the value over 2 s, easing out, and ends on the value', () => {
    render(<CountUp value={1000} format={format} />);
    const counter = screen.getByText('£0');
    frameAt(1_000);
    // easeOut(0.5) = 0.875
    expect(counter.textContent).toBe('£875');
    frameAt(2_000);
    expect(counter.textContent).toBe('£1000');
    expect(frames).toHaveLength(0);
  });

  it('holds the start back until notBefore', () => {
    render(<CountUp value={1000} format={format} notBefore={500} />);
    frameAt(400);
    expect(screen.getByText('£0')).toBeTruthy();
    frameAt(1_500);
    expect(screen.getByText('£875')).toBeTruthy();
  });

  it('a parent re-render mid-count neither restarts nor resets the count', () => {
    const { rerender } = render(<CountUp value={1000} format={format} />);
    frameAt(1_000);
    rerender(<CountUp value={1000} format={(n) => `£${n}`} />);
    expect(screen.getByText('£875')).toBeTruthy();
    frameAt(2_000);
    expect(screen.getByText('£1000')).toBeTruthy();
  });

  it('shows the value at once under reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    render(<CountUp value={1000} format={format} />);
    expect(screen.getByText('£1000')).toBeTruthy();
  });
});
