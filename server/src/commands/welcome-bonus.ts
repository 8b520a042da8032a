import { streams } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import { type UserState, welcomeBonusDue } from '@playquid/domain';
import { walletDecider } from '@playquid/domain';
import type { EventStore } from '../event-store/event-store';
import { handleCommand } from '../services/command-handler';

/** Grants the welcome bonus when the member's email is verified; the wallet decider keeps it to one. */
export async function grantWelcomeBonusIfDue(store: EventStore, user: UserState, now: string): Promise<void> {
  if (!welcomeBonusDue(user)) return;
  await handleCommand(store, streams.wallet(user.uid!), walletDecider, { type: 'GrantWelcomeBonus', uid: user.uid!, earningId: randomUUID(), now });
}
