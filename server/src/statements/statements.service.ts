import { Inject, Injectable } from '@nestjs/common';
import { streams, type WalletEvent } from '@playquid/contracts';
import { buildStatementBody, type SignedStatement } from '@playquid/domain';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { StatementSigner } from './statement-signer';

/** The signed statement of a member: their whole wallet stream, read from the log (not the read model). */
@Injectable()
export class StatementsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly signer: StatementSigner,
  ) {}

  async signedStatement(uid: string): Promise<SignedStatement> {
    const stream = streams.wallet(uid);
    const events = await this.store.readStream(stream);
    const body = buildStatementBody(
      uid,
      stream,
      events.map((e) => ({
        id: e.id,
        revision: Number(e.revision),
        createdAt: e.createdAt.toISOString(),
        hash: e.hash,
        previousHash: e.previousHash,
        event: { type: e.type, data: e.data } as WalletEvent,
      })),
      this.clock.now().toISOString(),
    );
    return this.signer.signStatement(body);
  }
}
