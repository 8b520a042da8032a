import type { HTMLAttributes } from 'react';

/** The card surface: rounded, bordered, translucent over the page's glow. */
export const cardClass = 'rounded-3xl border border-white/10 bg-ink-900/70 shadow-xl shadow-black/20 backdrop-blur';

/** A card; `as` picks the element when the card is a section, an article or a list item. */
export function Card({
  as: Element = 'div',
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'aside' | 'li' | 'ul' }) {
  return <Element className={className ? `${cardClass} ${className}` : cardClass} {...props} />;
}
