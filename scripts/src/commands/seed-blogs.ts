import { env } from '../env';

interface DemoPost {
  slug: string;
  title: string;
  preview: string;
  meta_description: string;
  featured_image_url: string | null;
  is_featured: boolean;
  content: string;
}

/** A handful of published demo posts, three of them featured (landing, offers preview, related articles). */
const DEMO_POSTS: DemoPost[] = [
  {
    slug: 'how-to-earn-money-playing-mobile-games',
    title: 'How to Earn Money Playing Mobile Games in 2026',
    preview: 'A plain-English guide to play-to-earn offers: how rewards work, how long they take to confirm and how to cash out.',
    meta_description: 'Learn how play-to-earn offers pay you real money for reaching levels in mobile games, and how to cash out on PlayQuid.',
    featured_image_url: 'https://images.unsplash.com/photo-1511512578047-dfb367046420?w=1200&q=80',
    is_featured: true,
    content: `<p>Game studios pay to find new players. Offer walls like PlayQuid pass part of that budget on to you when you install a game and reach the milestones the studio asks for.</p>
<h2>How a reward works</h2>
<ol><li>Pick an offer and read its levels: each one shows what it pays.</li><li>Install the game from the offer page, so the studio can see you came from us.</li><li>Play until you reach a milestone. The studio reports it and your earnings update within minutes.</li></ol>
<h2>Pending and approved</h2>
<p>Some studios confirm straight away; others hold a reward as <strong>pending</strong> for a few days while they check it. Your statement shows every step.</p>
<blockquote>Tip: start with offers marked Easy. They pay less but confirm fastest.</blockquote>`,
  },
  {
    slug: 'five-tips-to-complete-offers-faster',
    title: '5 Tips to Complete Gaming Offers Faster',
    preview: 'Small habits that get milestones credited sooner: fresh installs, steady play sessions and reading the requirements first.',
    meta_description: 'Five practical tips to reach gaming offer milestones sooner and get your rewards credited without delays.',
    featured_image_url: 'https://images.unsplash.com/photo-1542751371-adc38448a05e?w=1200&q=80',
    is_featured: true,
    content: `<p>Most delays come from a handful of avoidable mistakes. Here is what our most successful members do.</p>
<ul><li><strong>Read the requirements</strong> before you install: some offers are for new players only.</li><li><strong>Install from the offer page</strong>, not the app store search.</li><li><strong>Keep the game installed</strong> until the reward is approved.</li><li><strong>Play a little every day</strong>: daily-activity milestones reward streaks.</li><li><strong>Check your statement</strong> if something looks slow.</li></ul>
<p>Ready to try? <a href="https://playquid.co.uk/offers">Browse today's offers</a>.</p>`,
  },
  {
    slug: 'cashing-out-gift-cards-paypal-and-donations',
    title: 'Cashing Out: Gift Cards, PayPal Cash and Donations',
    preview: 'How payouts work on PlayQuid: one request for your whole balance, an approval, then an email with 2,000+ reward options.',
    meta_description: 'Everything about PlayQuid payouts: minimum amounts, approval times and choosing between gift cards, PayPal cash and donations.',
    featured_image_url: null,
    is_featured: true,
    content: `<p>When your available balance reaches the minimum, open <em>Payments</em> and press <strong>Send Reward Email</strong>.</p>
<table><thead><tr><th>Step</th><th>What happens</th></tr></thead><tbody><tr><td>1</td><td>You request your full balance</td></tr><tr><td>2</td><td>An admin approves the request</td></tr><tr><td>3</td><td>You receive a reward email</td></tr><tr><td>4</td><td>You choose a gift card, PayPal cash or a donation</td></tr></tbody></table>
<p>Questions? Email <a href="mailto:support@playquid.co.uk">support@playquid.co.uk</a>.</p>`,
  },
  {
    slug: 'staying-safe-while-playing-to-earn',
    title: 'Staying Safe While Playing to Earn',
    preview: 'Spot the difference between a genuine offer and a scam, keep your account secure and know your rights as a UK player.',
    meta_description: 'Stay safe on play-to-earn sites: spotting scams, protecting your account and understanding your rights as a UK player.',
    featured_image_url: 'https://images.unsplash.com/photo-1550745165-9bc0b252726f?w=1200&q=80',
    is_featured: false,
    content: `<p>We will never ask for your password or bank details by email. Rewards are only ever sent to the email address on your account.</p>
<h3>Good habits</h3>
<ul><li>Use a unique password and verify your email address.</li><li>Only spend money in a game if an offer milestone clearly asks for a purchase and you are happy to.</li><li>PlayQuid is for adults: you must be 18 or over.</li></ul>`,
  },
];

async function call<T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${env.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates the demo posts an earlier run did not (matched by slug), through the admin API. */
export async function seedBlogPosts(adminToken: string): Promise<void> {
  const existing = await call<{ data: { slug: string }[] }>('GET', '/api/admin/blogs?per_page=100', adminToken);
  const slugs = new Set(existing.data.map((post) => post.slug));
  for (const post of DEMO_POSTS) {
    if (slugs.has(post.slug)) continue;
    await call('POST', '/api/admin/blogs', adminToken, { ...post, is_published: true });
  }
}
