import { type ApiEnvelope, type FeaturedChangeData, type Offer, type OffersPage, type OfferStatus, PAGE_SIZES } from '@playquid/contracts';
import { nextOfferStatus, normalizeAnchor } from '@playquid/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminOfferAction, withFeatured, withOffer } from '../admin-offers';
import { api } from '../api';
import { fetchAllPages } from '../fetch-all-pages';
import type { CommandCallbacks } from '../mutations';
import { parseOfferList } from '../offers';

/**
 * The admin console's offer list and changes (its own module: the public pages' offer queries,
 * ./queries, are in every visitor's first load).
 */

const path = (id: string) => encodeURIComponent(id);

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
