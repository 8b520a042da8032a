import type { WalletState } from './wallet-state';
import { walletDecider } from './wallet.decider';

/**
 * Snapshots of the wallet fold (issue 19). Bump the version whenever `walletDecider.evolve` or the
 * state's shape changes: snapshots of another version are ignored and taken again.
 */
export const WALLET_SNAPSHOT_VERSION = 3;

/** A fold that went through this many events after its starting point leaves a snapshot behind. */
export const WALLET_SNAPSHOT_EVERY = 200;

/** The state as JSON (its lookup tables are plain maps of ids). */
export const walletStateToJson = (state: WalletState): string => JSON.stringify(state);

/**
 * A state back from JSON, with every lookup table null-prototype again (an id such as `__proto__`
 * stays a plain key), the fields the current initial state has and nothing else.
 */
export function walletStateFromJson(json: unknown): WalletState {
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const initial = walletDecider.initialState() as unknown as Record<string, unknown>;
  const state: Record<string, unknown> = {};
  for (const [key, empty] of Object.entries(initial)) {
    const value = parsed[key];
    if (empty !== null && typeof empty === 'object') state[key] = Object.assign(Object.create(null) as object, value ?? {});
    else state[key] = value === undefined ? empty : value;
  }
  return state as unknown as WalletState;
}
