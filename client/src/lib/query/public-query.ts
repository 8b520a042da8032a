import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';
import { loadedQueryClient, loadedUseQuery, whenQueryClientLoads } from './lazy-client';

/** A queryOptions() factory's result; without Query, its key, function, staleTime and `retry: false` are used. */
export type PublicQueryOptions<T, K extends QueryKey = QueryKey> = UseQueryOptions<T, Error, T, K>;

export interface PublicQueryResult<T> {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
}

/** The client's defaults (CLIENT_CONFIG in lazy-client.ts) for what this file does itself. */
const DEFAULT_STALE_MS = 10_000;
const RETRY_DELAY_MS = 1_000;

interface Entry<T> {
  queryKey: QueryKey;
  result: PublicQueryResult<T>;
  updatedAt: number;
  /** The request under way, if any. */
  inFlight: Promise<void> | null;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry<unknown>>();

function entryFor<T>(queryKey: QueryKey): Entry<T> {
  const hash = JSON.stringify(queryKey);
  let entry = entries.get(hash) as Entry<T> | undefined;
  if (!entry) {
    entry = { queryKey, result: { data: undefined, isPending: true, error: null }, updatedAt: 0, inFlight: null, listeners: new Set() };
    entries.set(hash, entry as Entry<unknown>);
  }
  return entry;
}

function publish<T>(entry: Entry<T>, result: PublicQueryResult<T>): void {
  entry.result = result;
  for (const listener of entry.listeners) listener();
}

/** Asks once (one retry for a network failure or 5xx unless `retry: false`, as the client's default does). */
async function fetchEntry<T, K extends QueryKey>(entry: Entry<T>, options: PublicQueryOptions<T, K>): Promise<void> {
  const queryFn = options.queryFn as (context: { queryKey: QueryKey; signal: AbortSignal }) => Promise<T>;
  const retries = options.retry === false ? 0 : 1;
  for (let failures = 0; ; failures++) {
    try {
      const data = await queryFn({ queryKey: entry.queryKey, signal: new AbortController().signal });
      entry.updatedAt = Date.now();
      publish(entry, { data, isPending: false, error: null });
      // Pages that load TanStack Query later find the answer in its cache, as if it had asked.
      const updatedAt = entry.updatedAt;
      whenQueryClientLoads((client) => {
        if ((client.getQueryState(entry.queryKey)?.dataUpdatedAt ?? 0) < updatedAt) client.setQueryData(entry.queryKey, data, { updatedAt });
      });
      break;
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (failures >= retries || refused) {
        // As TanStack Query: an error keeps the data it had.
        publish(entry, { data: entry.result.data, isPending: false, error: error instanceof Error ? error : new Error(String(error)) });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}

/** The entry's answer: the request under way, a new one when the answer is missing or stale, else none. */
function refresh<T, K extends QueryKey>(entry: Entry<T>, options: PublicQueryOptions<T, K>): Promise<void> {
  if (entry.inFlight) return entry.inFlight;
  const staleMs = typeof options.staleTime === 'number' ? options.staleTime : DEFAULT_STALE_MS;
  if (entry.updatedAt !== 0 && Date.now() - entry.updatedAt <= staleMs) return Promise.resolve();
  return (entry.inFlight = fetchEntry(entry, options).finally(() => (entry.inFlight = null)));
}

/**
 * Asks for a public query's answer ahead of the page's render (a route loader): TanStack Query's
 * prefetch once it is loaded, else the shared entry usePublicQuery reads. Settles when it is
 * answered or failed (never rejects); an answer still fresh is not asked for again.
 */
export function prefetchPublicQuery<T, K extends QueryKey>(options: PublicQueryOptions<T, K>): Promise<void> {
  const client = loadedQueryClient();
  if (client) return client.prefetchQuery(options as Parameters<typeof client.prefetchQuery>[0]);
  return refresh(entryFor<T>(options.queryKey), options);
}

/** Without TanStack Query: one shared answer per key, asked for on mount when missing or stale. */
function useFetchedQuery<T, K extends QueryKey>(options: PublicQueryOptions<T, K>): PublicQueryResult<T> {
  const entry = entryFor<T>(options.queryKey);
  useEffect(() => {
    void refresh(entry, options);
    // Asked for once per key on mount, as useQuery does for a fresh or stale entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry]);
  return useSyncExternalStore(
    (listener) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    () => entry.result,
  );
}

/**
 * useQuery for the public sections of the landing page (featured offers, site counters, featured
 * posts): TanStack Query's own once it is loaded (any other page loads it, and a member's session),
 * else a small fetch of the same query function, so a visitor's landing page loads no Query code.
 * Which of the two serves a component is fixed when it mounts.
 */
export function usePublicQuery<T, K extends QueryKey = QueryKey>(options: PublicQueryOptions<T, K>): PublicQueryResult<T> {
  const [useImplementation] = useState<(o: PublicQueryOptions<T, K>) => PublicQueryResult<T>>(() => loadedUseQuery() ?? useFetchedQuery<T, K>);
  return useImplementation(options);
}
