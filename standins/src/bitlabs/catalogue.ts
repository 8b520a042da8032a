import type { BitlabsOffer, BitlabsOfferEvent } from '@playquid/contracts';

/**
 * The stand-in's catalogue: a fixed list of games, expanded into one BitLabs offer per platform
 * (so a game on Android and iOS is two offers sharing an anchor). Amounts come from a seeded
 * generator, so every start serves exactly the same feed.
 */
type Platform = 'android' | 'ios' | 'web';
type Genre = 'RPG' | 'Puzzle' | 'Strategy' | 'Casino' | 'Word' | 'Casual' | 'Simulation' | 'Idle' | 'Racing' | 'Action' | 'Sports' | 'Trivia' | 'Board' | 'Adventure';

interface Game {
  name: string;
  genre: Genre;
  platforms: Platform[];
}

const BOTH: Platform[] = ['android', 'ios'];
const ALL: Platform[] = ['android', 'ios', 'web'];

// Ids are handed out in this order from 5001: the demo seed's callbacks name 5011-5014.
const GAMES: Game[] = [
  { name: 'Raid Legends Arena', genre: 'RPG', platforms: BOTH },
  { name: 'Candy Cascade', genre: 'Puzzle', platforms: BOTH },
  { name: 'Empire Forge', genre: 'Strategy', platforms: BOTH },
  { name: 'Lucky Spins Casino', genre: 'Casino', platforms: BOTH },
  { name: 'Word Garden', genre: 'Word', platforms: BOTH },
  { name: 'Dragon Clash', genre: 'Strategy', platforms: ['android'] },
  { name: 'Merge Kingdom', genre: 'Puzzle', platforms: ['ios'] },
  { name: 'Solitaire Stars', genre: 'Board', platforms: ['web'] },
  { name: 'Tower Rush', genre: 'Strategy', platforms: ['android'] },
  { name: 'Farmville Valley', genre: 'Simulation', platforms: BOTH },
  { name: 'Kingdom Quest', genre: 'RPG', platforms: BOTH },
  { name: 'Bubble Pop Saga', genre: 'Puzzle', platforms: BOTH },
  { name: 'Galaxy Miner', genre: 'Idle', platforms: BOTH },
  { name: "Chef's Kitchen Rush", genre: 'Casual', platforms: BOTH },
  { name: 'Mahjong Journey', genre: 'Puzzle', platforms: BOTH },
  { name: 'Pirate Fleet Wars', genre: 'Strategy', platforms: BOTH },
  { name: 'Bingo Blitz Party', genre: 'Casino', platforms: BOTH },
  { name: 'Zombie Siege', genre: 'Action', platforms: BOTH },
  { name: 'Block Blast Jam', genre: 'Puzzle', platforms: BOTH },
  { name: 'Idle Factory Tycoon', genre: 'Idle', platforms: BOTH },
  { name: 'Garden Makeover', genre: 'Casual', platforms: BOTH },
  { name: 'Street Racer Nitro', genre: 'Racing', platforms: BOTH },
  { name: 'Hero Wars Chronicles', genre: 'RPG', platforms: BOTH },
  { name: 'Cooking Fever Island', genre: 'Casual', platforms: BOTH },
  { name: 'Slots Royale', genre: 'Casino', platforms: BOTH },
  { name: 'Sudoku Master', genre: 'Puzzle', platforms: ALL },
  { name: 'Pool Champions', genre: 'Sports', platforms: ALL },
  { name: 'Trivia Quest Live', genre: 'Trivia', platforms: ALL },
  { name: 'Gem Match Adventure', genre: 'Puzzle', platforms: ALL },
  { name: 'Clash of Titans', genre: 'Strategy', platforms: ['android'] },
  { name: 'Home Design Dreams', genre: 'Simulation', platforms: ['ios'] },
  { name: 'Fishing Clash Pro', genre: 'Sports', platforms: ['android'] },
  { name: 'Golf Rival Tour', genre: 'Sports', platforms: ['ios'] },
  { name: 'Survivor Island', genre: 'Adventure', platforms: ['android'] },
  { name: 'Puzzle Odyssey', genre: 'Puzzle', platforms: ['web'] },
  { name: 'Yahtzee Dice Club', genre: 'Board', platforms: ['web'] },
  { name: 'Chess Arena Online', genre: 'Board', platforms: ['web'] },
  { name: 'Mini Golf Mania', genre: 'Sports', platforms: ['web'] },
  { name: 'Word Search Blitz', genre: 'Word', platforms: ['web'] },
];

/** Milestones per genre: [name, BitLabs type_id, minutes to complete, relative payout]. */
type Milestone = [string, number, number, number];
const DAY = 1_440;
const MILESTONES: Record<Genre, Milestone[]> = {
  RPG: [['Install and reach level 5', 1, 30, 1], ['Reach level 20', 2, 3 * DAY, 3], ['Reach level 40', 2, 10 * DAY, 8], ['Make any in-app purchase', 3, 60, 6], ['Play 7 days in a row', 4, 7 * DAY, 2]],
  Puzzle: [['Install and open', 1, 10, 1], ['Complete level 50', 2, 2 * DAY, 3], ['Complete level 150', 2, 8 * DAY, 6], ['Log in 5 days in a row', 4, 5 * DAY, 2]],
  Strategy: [['Install and finish the tutorial', 1, 30, 1], ['Upgrade your HQ to level 10', 2, 4 * DAY, 4], ['Upgrade your HQ to level 18', 2, 14 * DAY, 10], ['Buy the starter pack', 3, 60, 5]],
  Casino: [['Install and claim the welcome chips', 1, 10, 1], ['Reach VIP level 2', 2, 3 * DAY, 4], ['Make a purchase of £4.99 or more', 3, 60, 8]],
  Word: [['Install and solve 10 puzzles', 1, 30, 1], ['Solve 100 puzzles', 2, 3 * DAY, 3], ['Play 7 days in a row', 4, 7 * DAY, 2]],
  Casual: [['Install and open', 1, 10, 1], ['Reach level 25', 2, 2 * DAY, 3], ['Reach level 60', 2, 6 * DAY, 6]],
  Simulation: [['Install and open', 1, 10, 1], ['Reach level 15', 2, 3 * DAY, 3], ['Reach level 30', 2, 9 * DAY, 7], ['Log in 3 days in a row', 4, 3 * DAY, 1]],
  Idle: [['Install and open', 1, 10, 1], ['Unlock the second planet', 2, 2 * DAY, 3], ['Reach prestige 3', 2, 7 * DAY, 6]],
  Racing: [['Install and win a race', 1, 20, 1], ['Reach driver level 20', 2, 4 * DAY, 4], ['Buy any car pack', 3, 60, 5]],
  Action: [['Install and survive wave 5', 1, 30, 1], ['Survive wave 50', 2, 5 * DAY, 5], ['Play 5 days in a row', 4, 5 * DAY, 2]],
  Sports: [['Install and play a match', 1, 20, 1], ['Reach level 15', 2, 3 * DAY, 4]],
  Trivia: [['Sign up and answer 20 questions', 1, 20, 1], ['Win 25 duels', 2, 4 * DAY, 3]],
  Board: [['Sign up and play a game', 1, 15, 1], ['Win 50 games', 2, 5 * DAY, 4]],
  Adventure: [['Install and finish chapter 1', 1, 45, 1], ['Finish chapter 5', 2, 6 * DAY, 5], ['Make any in-app purchase', 3, 60, 5]],
};
const BASE_USD: Record<Genre, number> = {
  RPG: 0.8, Puzzle: 0.35, Strategy: 0.9, Casino: 1.1, Word: 0.3, Casual: 0.3, Simulation: 0.45,
  Idle: 0.4, Racing: 0.6, Action: 0.55, Sports: 0.45, Trivia: 0.25, Board: 0.25, Adventure: 0.6,
};

/** Seeded PRNG (mulberry32): the same numbers on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const PLATFORM_CATEGORY: Record<Platform, string> = { android: 'Android', ios: 'iOS', web: 'Web' };
const DEVICES: Record<Platform, string[]> = { android: ['android'], ios: ['iphone', 'ipad'], web: ['desktop', 'android', 'iphone', 'ipad'] };
/** Our app currency is pounds: members get about 40% of the USD payout. */
const MEMBER_SHARE_GBP_PER_USD = 0.4;
export const FIRST_OFFER_ID = 5001;

/** The full catalogue, with links and icons on `baseUrl` (the stand-in's own address). */
export function standinCatalogue(baseUrl: string): BitlabsOffer[] {
  const random = seeded(20_261_122);
  const offers: BitlabsOffer[] = [];
  let nextId = FIRST_OFFER_ID;
  for (const game of GAMES) {
    const slug = slugOf(game.name);
    const scale = 0.8 + random() * 0.5;
    for (const platform of game.platforms) {
      const id = nextId++;
      const events: BitlabsOfferEvent[] = MILESTONES[game.genre].map(([name, typeId, minutes, weight], index) => {
        const usd = Math.round(BASE_USD[game.genre] * weight * scale * (platform === 'ios' ? 1.15 : 1) * 10_000) / 10_000;
        return {
          uuid: `${id}-${index + 1}`,
          name,
          type: ['general', 'install', 'achievement', 'purchase', 'daily'][typeId] ?? 'general',
          points: Math.round(usd * MEMBER_SHARE_GBP_PER_USD * 100) / 100,
          payout: usd.toFixed(4),
          status: 'viewed',
          type_id: typeId,
          ttc_minutes: minutes,
          expires_at: null,
        };
      });
      offers.push({
        id,
        anchor: game.name,
        description: `${game.name} is ${describeGenre(game.genre)} game. Reach the milestones below as a new player and earn real money for each one.`,
        requirements: `New players only. Install ${platform === 'web' ? 'nothing: play in your browser' : 'from the store link you are sent to'}. Do not use a VPN.`,
        confirmation_time: typeIdsOf(events).includes(3) ? 'Up to 30 days' : 'Up to 7 days',
        click_url: `${baseUrl}/click/${id}`,
        support_url: `${baseUrl}/support/${id}`,
        icon_url: `${baseUrl}/icons/${slug}.svg`,
        categories: [PLATFORM_CATEGORY[platform], game.genre],
        total_points: events.reduce((sum, e) => sum + Number(e.points), 0).toFixed(2),
        disclaimer: game.genre === 'Casino' ? 'For players 18 and over. Play responsibly.' : null,
        app_metadata: { categories: [game.genre], screenshot_urls: [] },
        events,
        device_targeting: { devices: DEVICES[platform] },
      });
    }
  }
  return offers;
}

const typeIdsOf = (events: BitlabsOfferEvent[]) => events.map((e) => e.type_id);
const describeGenre = (genre: Genre) => {
  const word = genre === 'RPG' ? 'role-playing' : genre.toLowerCase();
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
};

/** A square app icon with the game's initials, its colour from the name. */
export function iconSvg(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initials = name
    .replace(/[^A-Za-z ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},75%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,38%)"/></linearGradient></defs>`,
    '<rect width="128" height="128" rx="28" fill="url(#g)"/>',
    `<text x="64" y="80" font-family="Arial,Helvetica,sans-serif" font-size="46" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** Game names by icon slug, for serving icons. */
export const GAME_NAMES_BY_SLUG: ReadonlyMap<string, string> = new Map(GAMES.map((g) => [slugOf(g.name), g.name]));
