/**
 * Landing page "How It Works" scroll progress. A step lights up once a reading line three quarters down the viewport has passed the
 * top of its third of the section: 0 before the section reaches that line, 3 once its last third does.
 */
export function scrollStep(sectionTop: number, sectionHeight: number, viewportHeight: number, steps = 3): number {
  const line = viewportHeight * 0.75;
  if (sectionHeight <= 0 || sectionTop > line) return 0;
  return Math.min(steps, 1 + Math.floor((line - sectionTop) / (sectionHeight / steps)));
}
