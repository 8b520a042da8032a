import { QueryClient, type QueryClientConfig, useQuery } from '@tanstack/react-query';

/**
 * The app's one QueryClient, made when lazy-client.ts loads TanStack Query. Nothing of the app is
 * imported here: this module goes into Query's own chunk (client/vite.config.ts), and an import
 * would take the app's module along into that chunk.
 */
export const createQueryClient = (config: QueryClientConfig): QueryClient => new QueryClient(config);

export { useQuery };
