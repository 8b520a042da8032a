import { describe, expect, it } from 'vitest';
import { scrollStep } from './landing';

describe('scrollStep', () => {
  // Viewport 800 px high: the reading line sits at 600 px.
  it('is 0 until the section top reaches the reading line', () => {
    expect(scrollStep(601, 300, 800)).toBe(0);
    expect(scrollStep(2000, 300, 800)).toBe(0);
  });

  it('lights one step per third of the section passed', () => {
    expect(scrollStep(600, 300, 800)).toBe(1);
    expect(scrollStep(501, 300, 800)).toBe(1);
    expect(scrollStep(500, 300, 800)).toBe(2);
    expect(scrollStep(400, 300, 800)).toBe(3);
    expect(scrollStep(-5000, 300, 800)).toBe(3);
  });

  it('stays at 0 for a section with no height', () => {
    expect(scrollStep(0, 0, 800)).toBe(0);
  });
});
