import type { QueryClient, QueryClientConfig, QueryKey, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api-client';

const CLIENT_CONFIG: QueryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A refused or missing resource will not change by asking again; a network blip may.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
};

/**
 * TanStack Query, loaded when a page first needs it: every page but a visitor's landing page (the
 * root route's beforeLoad waits for it), and the signed-in member's balance. A visitor's landing
 * page reads its public sections without it (public-query.ts), so its first load has no Query code.
 */
interface Loaded {
  client: QueryClient;
  useQuery: typeof useQuery;
}

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
const onLoad = new Set<(client: QueryClient) => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./client').then((module) => {
    const client = module.createQueryClient(CLIENT_CONFIG);
    // What QueryClientProvider does on mount: refetch on window focus and on reconnect.
    client.mount();
    loaded = { client, useQuery: module.useQuery };
    for (const listener of onLoad) listener(client);
    onLoad.clear();
    return loaded;
  });
  return loading.then(({ client }) => client);
}

/** The client once loaded (nothing to reset or seed before that). */
export const loadedQueryClient = (): QueryClient | undefined => loaded?.client;

/** useQuery once TanStack Query is loaded. */
export const loadedUseQuery = (): typeof useQuery | undefined => loaded?.useQuery;

/** Runs `listener` with the client when it loads (at once when it has). */
export function whenQueryClientLoads(listener: (client: QueryClient) => void): void {
  if (loaded) listener(loaded.client);
  else onLoad.add(listener);
}

/**
 * The client in the router context and the React context, from the first render: it forwards to
 * the real client, and refuses to be used before loadQueryClient() has resolved (a bug: the route
 * or component should have waited for it).
 */
export const queryClient = new Proxy({} as QueryClient, {
  get(_, key) {
    if (!loaded) {
      // Not a promise, and nothing to show to inspectors (console, dev tools) before it loads.
      if (key === 'then' || typeof key === 'symbol') return undefined;
      throw new Error(`QueryClient.${key} used before TanStack Query was loaded (loadQueryClient)`);
    }
    const value: unknown = Reflect.get(loaded.client, key);
    return typeof value === 'function' ? value.bind(loaded.client) : value;
  },
});

export type { QueryKey };
