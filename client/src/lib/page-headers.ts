/** The headings of the public list pages: the pages' own and their prerendered shells' (src/prerender.tsx). */
export const OFFERS_HEADER = {
  eyebrow: 'Play & earn',
  title: 'Gaming Offers',
  lead: 'Pick a game, reach its milestones and earn real money in pounds for every level you complete.',
};

export const BLOG_HEADER = {
  eyebrow: 'Blog',
  title: 'PlayQuid Blog',
  lead: 'Guides and news about earning real money by playing mobile games.',
};
