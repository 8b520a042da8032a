import {
  type ApiEnvelope,
  type FeaturedChangeData,
  type Offer,
  type OfferDevice,
  type OfferSort,
  type OffersPage,
  type OfferStartData,
  type OfferStatus,
  PAGE_SIZES,
  type ProgressItem,
  type ProgressPage,
  type SiteStats,
} from '@playquid/contracts';
import { nextOfferStatus, normalizeAnchor } from '@playquid/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminOfferAction, withFeatured, withOffer } from '../admin-offers';
import { fetchAllPages } from '../fetch-all-pages';
import { api } from '../api';
import type { CommandCallbacks } from '../mutations';
import { INVALID_RESPONSE, parseOfferList } from '../offers';
import { queryString } from '../query-string';

/**
 * Offers: the public lists and detail, a member's progress and starts, and the admin console's
 * list and changes. Query options are shared by route loaders and components so the cache
 * keys always match.
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

// ---------------------------------------------------------------- admin console
export const ADMIN_OFFERS_KEY = ['admin', 'offers'] as const;

export const adminOffersQuery = () =>
  queryOptions({
    queryKey: ADMIN_OFFERS_KEY,
    queryFn: ({ signal }) =>
      fetchAllPages(async (page) => {
        const envelope = (await api.get<Offer[]>(
          `/api/admin/offers?per_page=${PAGE_SIZES.adminOffers}&page=${page}`,
          signal,
        )) as OffersPage;
        return { data: parseOfferList(envelope.data), total_pages: envelope.total_pages };
      }, PAGE_SIZES.adminOffers),
  });

/** Empty text clears the anchor (contracts, AdminOfferBody). */
export const setOfferAnchor = (offerId: string, anchor: string | null): Promise<ApiEnvelope<unknown>> =>
  api.put(`/api/admin/offers/${path(offerId)}/anchor`, { anchor: anchor ?? '' });

/** Features or unfeatures the offer's whole anchor group; the answer names the offers that changed. */
export const setOfferFeatured = (offerId: string, featured: boolean): Promise<ApiEnvelope<FeaturedChangeData | null>> =>
  api.put(`/api/admin/offers/${path(offerId)}/featured?featured=${featured}`);

export const setOfferStatus = (offerId: string, status: OfferStatus): Promise<ApiEnvelope<unknown>> =>
  api.put(`/api/admin/offers/${path(offerId)}/status?new_status=${status}`);

export const clearFeaturedOffers = (): Promise<ApiEnvelope<FeaturedChangeData | null>> => api.post('/api/admin/offers/featured/clear');

/** `offer_ids` of a featured change answer (FeaturedChangeData), when the answer has them. */
export const changedOfferIds = (data: unknown): string[] | undefined => {
  const ids = (data as { offer_ids?: unknown } | null)?.offer_ids;
  return Array.isArray(ids) ? (ids as string[]) : undefined;
};

/** The admin list as it is after the server accepted `action` (for featuring, the offers it says changed). */
function applied(offers: Offer[], action: AdminOfferAction, changedIds?: string[]): Offer[] {
  switch (action.kind) {
    case 'anchor':
      return withOffer(offers, action.offer.id, { anchor: normalizeAnchor(action.text) });
    case 'featured':
      return withFeatured(offers, action.offer, action.featured, changedIds);
    case 'status':
      return withOffer(offers, action.offer.id, { status: nextOfferStatus(action.offer.status) });
  }
}

/**
 * The server's answer is applied to the cached admin list rather than refetched at once: the read
 * model behind the list may lag the command by a moment. The lists are still marked stale, so the next
 * visit (or Refresh) shows the server's own view.
 */
function useSettleAdminOffers() {
  const queryClient = useQueryClient();
  return (next: (current: Offer[]) => Offer[]) => {
    queryClient.setQueryData<Offer[]>(ADMIN_OFFERS_KEY, (current) => current && next(current));
    void queryClient.invalidateQueries({ queryKey: ADMIN_OFFERS_KEY, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['offers'], refetchType: 'none' });
  };
}

/** An admin's anchor, featured or status change of one offer, applied to the cached list once the server accepts it. */
export function useAdminOfferChange(callbacks: CommandCallbacks<ApiEnvelope<unknown>, AdminOfferAction> = {}) {
  const settle = useSettleAdminOffers();
  return useMutation<ApiEnvelope<unknown>, Error, AdminOfferAction>({
    ...callbacks,
    mutationFn: (action) => {
      switch (action.kind) {
        case 'anchor':
          return setOfferAnchor(action.offer.id, normalizeAnchor(action.text));
        case 'featured':
          return setOfferFeatured(action.offer.id, action.featured);
        case 'status':
          return setOfferStatus(action.offer.id, nextOfferStatus(action.offer.status));
      }
    },
    onSuccess: (envelope, action, result, context) => {
      settle((current) => applied(current, action, action.kind === 'featured' ? changedOfferIds(envelope.data) : undefined));
      return callbacks.onSuccess?.(envelope, action, result, context);
    },
  });
}

/** Clear All Featured; the count travels with the call only for the screen's success message. */
export function useClearFeaturedOffers(callbacks: CommandCallbacks<ApiEnvelope<FeaturedChangeData | null>, number> = {}) {
  const settle = useSettleAdminOffers();
  return useMutation<ApiEnvelope<FeaturedChangeData | null>, Error, number>({
    ...callbacks,
    mutationFn: () => clearFeaturedOffers(),
    onSuccess: (envelope, count, result, context) => {
      settle((current) => current.map((offer) => (offer.featured ? { ...offer, featured: false } : offer)));
      return callbacks.onSuccess?.(envelope, count, result, context);
    },
  });
}
