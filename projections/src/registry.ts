import type { Projection } from './projection';
import { blogsProjection } from './projections/blogs.projection';
import { callbacksProjection } from './projections/callbacks.projection';
import { claimsProjection } from './projections/claims.projection';
import { offersProjection } from './projections/offers.projection';
import { payoutsProjection } from './projections/payouts.projection';
import { statementProjection } from './projections/statement.projection';
import { usersProjection } from './projections/users.projection';
import { walletProjection } from './projections/wallet.projection';

export const ALL_PROJECTIONS: readonly Projection[] = [usersProjection, walletProjection, callbacksProjection, payoutsProjection, statementProjection, offersProjection, blogsProjection, claimsProjection];

export const projectionByName = (name: string): Projection | undefined => ALL_PROJECTIONS.find((p) => p.name === name);
