import {
  type Offer,
  type OfferDevice,
  type OfferSort,
  type OffersPage,
  type OfferStartData,
  PAGE_SIZES,
  type ProgressItem,
  type ProgressPage,
  type SiteStats,
} from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import { INVALID_RESPONSE, parseOfferList } from '../offers';
import { queryString } from '../query-string';

/**
 * Offers: the public lists and detail, a member's progress and starts (the admin console's list
 * and changes: ./admin-queries, out of the public pages' code). Query options are shared by route
 * loaders and components so the cache keys always match.
 */

const path = (id: string) => encodeURIComponent(id);

/** Public offer lists change when an admin edits them; a minute old is fresh enough for browsing. */
const OFFER_LIST_STALE_MS = 60_000;

export const featuredOffersQuery = (limit: number) =>
  queryOptions({
    queryKey: ['offers', 'featured', limit],
    queryFn: async ({ signal }) => parseOfferList((await api.get<unknown>(`/api/offers/featured?limit=${limit}`, signal)).data),
    staleTime: OFFER_LIST_STALE_MS,
  });

export const allOffersQuery = () =>
  queryOptions({
    queryKey: ['offers', 'all'],
    queryFn: async ({ signal }) =>
      parseOfferList((await api.get<unknown>(`/api/offers/alloffers?per_page=${PAGE_SIZES.offersPage}`, signal)).data),
    staleTime: OFFER_LIST_STALE_MS,
  });

/** What the offers page asks the server for: filters, sort and page, for the visitor's device. */
export interface OffersListParams {
  device: OfferDevice;
  search: string;
  category: string;
  difficulty: string;
  /** 'all' or a DevicePlatform number as text. */
  platform: string;
  sort: OfferSort;
  page: number;
  perPage: number;
  featured?: boolean;
}

/**
 * One page of games for the visitor's device (`/api/offers/alloffers` with `device`): search,
 * filters, sort and paging all happen on the server; the answer carries the filter values offered.
 */
export const offersListQuery = (params: OffersListParams) =>
  queryOptions({
    queryKey: ['offers', 'list', params],
    queryFn: async ({ signal }): Promise<OffersPage> => {
      const query = queryString({
        device: params.device,
        search: params.search.trim() || undefined,
        category: params.category === 'all' ? undefined : params.category,
        difficulty: params.difficulty === 'all' ? undefined : params.difficulty,
        device_platform: params.platform === 'all' ? undefined : params.platform,
        featured: params.featured,
        sort: params.sort,
        page: params.page,
        per_page: params.perPage,
      });
      const envelope = (await api.get<unknown>(`/api/offers/alloffers${query}`, signal)) as unknown as OffersPage;
      return { ...envelope, data: parseOfferList(envelope.data) };
    },
    staleTime: OFFER_LIST_STALE_MS,
    placeholderData: (previous) => previous,
  });

/** One offer; keyed by viewer because `is_completed` and the completed count are the member's own. */
export const offerQuery = (offerId: string, viewerUid: string | null) =>
  queryOptions({
    queryKey: ['offers', 'detail', offerId, viewerUid ?? 'visitor'],
    queryFn: async ({ signal }) => {
      const offer = (await api.get<{ offer?: Offer }>(`/api/offers/${path(offerId)}`, signal)).data?.offer;
      if (!offer || typeof offer !== 'object') throw new Error(INVALID_RESPONSE);
      return offer;
    },
  });

export const siteStatsQuery = () =>
  queryOptions({
    queryKey: ['offers', 'site-stats'],
    queryFn: async ({ signal }) => (await api.get<SiteStats>('/api/offers/sitestats', signal)).data,
    staleTime: 5 * 60_000,
    // a failure is only logged; the counters keep their placeholders.
    retry: false,
  });

/** The offers a member has started, with how far they got. */
export const progressQuery = (uid: string, page = 1, perPage: number = PAGE_SIZES.progress) =>
  queryOptions({
    queryKey: ['progress', uid, page, perPage],
    queryFn: async ({ signal }) =>
      (await api.get<ProgressItem[]>(`/api/users/progress${queryString({ page, per_page: perPage })}`, signal)) as ProgressPage,
  });

/** Registers the start with our server and returns the member's tracking link. */
export const startOffer = async (offerId: string): Promise<OfferStartData> =>
  (await api.post<OfferStartData>(`/api/offers/${path(offerId)}/start`)).data;

/** The offers page's 'Test Debug': what the server says about its offer feed. */
export const fetchOffersDebug = async (): Promise<unknown> => (await api.get<unknown>('/api/offers/debug')).data;
