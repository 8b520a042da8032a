import { lazy } from 'react';
import { loadQueryClient } from '../lib/query/lazy-client';

// The balance reads through TanStack Query: its component loads with it, so a visitor's page has neither.
const load = () => Promise.all([import('./MemberBalance'), loadQueryClient()]).then(([module]) => module);

export const LazyNavBalanceText = lazy(() => load().then((module) => ({ default: module.NavBalanceText })));
export const LazyLandingBalanceText = lazy(() => load().then((module) => ({ default: module.LandingBalanceText })));
