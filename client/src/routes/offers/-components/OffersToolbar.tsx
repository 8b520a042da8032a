import { Layers, Sparkles, Star, X } from 'lucide-react';
import type { OfferFacets } from '@playquid/contracts';
import { type DifficultyFilter, OFFER_SORT_OPTIONS, type OfferFilters, type OfferSort, platformLabel } from '../../../lib/offers';
import { SearchField } from '../../../ui/SearchField';
import { inputClass } from '../../../ui/styles';

const select = `${inputClass} appearance-none bg-[length:14px] bg-[right_1rem_center] bg-no-repeat pr-10`;
// A chevron drawn in CSS so the native select keeps its look across browsers.
const chevron = {
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2394a3b8' stroke-width='2.5'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
};

type Filters = OfferFilters & { platform: string };

/** Offers page search, filters (only values some offer has) and sort; the server applies them. */
export function OffersToolbar({
  filters,
  onFilters,
  sort,
  onSort,
  facets,
}: {
  filters: Filters;
  onFilters: (next: Filters) => void;
  sort: OfferSort;
  onSort: (next: OfferSort) => void;
  facets: OfferFacets;
}) {
  const { categories } = facets;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]" role="search">
      <SearchField
        label="Search offers"
        placeholder="Search games or rewards..."
        value={filters.search}
        onChange={(event) => onFilters({ ...filters, search: event.target.value })}
        data-testid="offers-search"
      >
        {filters.search && (
          <button
            type="button"
            className="absolute top-1/2 right-3 grid h-7 w-7 -translate-y-1/2 place-items-center rounded-lg text-slate-400 hover:bg-white/10 hover:text-white"
            onClick={() => onFilters({ ...filters, search: '' })}
            aria-label="Clear search"
          >
            <X size={15} aria-hidden />
          </button>
        )}
      </SearchField>
      <label>
        <span className="sr-only">Category</span>
        <select
          className={select}
          style={chevron}
          value={filters.category}
          onChange={(event) => onFilters({ ...filters, category: event.target.value })}
          data-testid="offers-category"
        >
          <option value="all">All categories</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">Difficulty</span>
        <select
          className={select}
          style={chevron}
          value={filters.difficulty}
          onChange={(event) => onFilters({ ...filters, difficulty: event.target.value as DifficultyFilter })}
          data-testid="offers-difficulty"
        >
          <option value="all">All difficulties</option>
          {facets.difficulties.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      {facets.platforms.length > 1 && (
        <label>
          <span className="sr-only">Platform</span>
          <select
            className={select}
            style={chevron}
            value={filters.platform}
            onChange={(event) => onFilters({ ...filters, platform: event.target.value })}
            data-testid="offers-platform"
          >
            <option value="all">All platforms</option>
            {facets.platforms.map((platform) => (
              <option key={platform} value={String(platform)}>
                {platformLabel(platform)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <span className="sr-only">Sort by</span>
        <select
          className={select}
          style={chevron}
          value={sort}
          onChange={(event) => onSort(event.target.value as OfferSort)}
          data-testid="offers-sort"
        >
          {OFFER_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * Stats chips: games for this device, featured, categories. Rendered from the first paint with a
 * placeholder figure, so the header keeps its height when the figures arrive (no layout shift).
 */
export function OffersStatsChips({ active, featured, categories }: { active?: number; featured?: number; categories?: number }) {
  const chip = 'inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3.5 py-1.5 text-sm text-slate-300';
  const figure = (value: number | undefined) => (value === undefined ? '–' : value);
  return (
    <ul className="flex min-h-9 flex-wrap gap-2" aria-label="Offer statistics" data-testid="offers-stats">
      <li className={chip}>
        <Sparkles size={15} className="text-quid-300" aria-hidden />
        <span className="font-bold text-white">{figure(active)}</span> games
      </li>
      <li className={chip}>
        <Star size={15} className="text-amber-300" aria-hidden />
        <span className="font-bold text-white">{figure(featured)}</span> featured
      </li>
      <li className={chip}>
        <Layers size={15} className="text-grape-300" aria-hidden />
        <span className="font-bold text-white">{figure(categories)}</span> categories
      </li>
    </ul>
  );
}
