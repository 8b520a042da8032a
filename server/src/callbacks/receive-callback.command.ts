import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CallbackRejected, streams } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { parameterTextProblem, parseCallbackParams, rawParameters, storableText, TRIGGERED_BY_PARAM } from './callback-params';
import type { SignatureCheck } from './signature';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { callbackDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';
import { UnsignedCallbackRejectRepository } from './unsigned-callback-reject.repository';
import { handleCommand } from '../cqrs/command-handler';

export class ReceiveCallbackCommand {
  constructor(
    /** Path and query exactly as received (`/api/bitlabs/callback?uid=…&hash=…`). */
    readonly rawPathAndQuery: string,
    readonly sourceIp: string,
    /** The check of the signature over the public URL of rawPathAndQuery (callbackSignature). */
    readonly signature: SignatureCheck,
  ) {}
}

export type ReceiveCallbackResult =
  | { outcome: 'accepted'; callbackId: string; transactionId: string }
  | { outcome: 'duplicate'; callbackId: string; transactionId: string }
  | { outcome: 'rejected'; callbackId: string; status: 400 | 403 | 409; reason: string };

/**
 * Callback intake: verify, then store. A signed callback becomes an event, accepted or rejected with
 * its reason, before the partner gets an answer; crediting happens later in a job, off this hot
 * path. An unsigned request proves nothing about who sent it, so it never reaches the event log:
 * it lands in a fixed-size table the console still lists.
 */
@CommandHandler(ReceiveCallbackCommand)
export class ReceiveCallbackHandler implements ICommandHandler<ReceiveCallbackCommand, ReceiveCallbackResult> {
  private readonly logger = new Logger('BitLabsCallback');
  private readonly unsigned: UnsignedCallbackRejectRepository;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_DB) db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.unsigned = new UnsignedCallbackRejectRepository(db);
  }

  async execute({ rawPathAndQuery, sourceIp, signature }: ReceiveCallbackCommand): Promise<ReceiveCallbackResult> {
    const receivedAt = this.clock.nowIso();
    const queryIndex = rawPathAndQuery.indexOf('?');
    const rawQuery = queryIndex >= 0 ? rawPathAndQuery.slice(queryIndex + 1) : '';
    const { valid, hash } = signature;

    const refuseUnsigned = async (reason: string): Promise<ReceiveCallbackResult> => {
      const callbackId = await this.unsigned.record({ reason, sourceIp, rawQuery, receivedAt });
      this.logger.warn({ callbackId, reason, sourceIp }, 'unsigned callback refused');
      return { outcome: 'rejected', callbackId, status: 403, reason };
    };
    const allowed = this.config.bitlabs.allowedIps;
    if (allowed.length > 0 && !allowed.includes(sourceIp)) return refuseUnsigned(`Source IP ${sourceIp} is not allowed`);
    if (!valid) return refuseUnsigned(hash ? 'Invalid hash' : 'Missing hash');

    const callbackId = randomUUID();
    const params = new URLSearchParams(rawQuery);
    const reject = async (status: 400, reason: string): Promise<ReceiveCallbackResult> => {
      const text = (name: string) => {
        const value = params.get(name);
        return value === null ? null : storableText(value);
      };
      const event: CallbackRejected = {
        type: 'CallbackRejected',
        data: {
          callbackId,
          reason: storableText(reason),
          transactionId: text('tx'),
          userId: text('uid'),
          sourceIp,
          hash,
          rawParameters: rawParameters(params),
          receivedAt,
        },
      };
      await this.store.appendToStream(streams.rejectedCallback(callbackId), [event], { expectedRevision: 'no_stream' });
      this.logger.warn({ callbackId, reason, sourceIp }, 'callback rejected');
      return { outcome: 'rejected', callbackId, status, reason: event.data.reason };
    };
    const textProblem = parameterTextProblem(rawQuery);
    if (textProblem) return reject(400, textProblem);
    const parsed = parseCallbackParams(params);
    if (!parsed.ok) return reject(400, parsed.reason);

    const { transactionId } = parsed.callback;
    const { events, state } = await handleCommand(this.store, streams.callback(transactionId), callbackDecider, {
      type: 'ReceiveCallback',
      callback: {
        ...parsed.callback,
        callbackId,
        sourceIp,
        hash: hash!,
        rawParameters: rawParameters(params),
        triggeredBy: params.get(TRIGGERED_BY_PARAM) || null,
        receivedAt,
      },
    }, { expectNewStream: true });
    const [event] = events;
    if (event?.type === 'CallbackRejected') {
      this.logger.warn({ callbackId, transactionId, sourceIp }, 'callback rejected: transaction id of another member');
      return { outcome: 'rejected', callbackId, status: 409, reason: event.data.reason };
    }
    if (!event) return { outcome: 'duplicate', callbackId: state.receivedByState.get(parsed.callback.state)!, transactionId };
    return { outcome: 'accepted', callbackId, transactionId };
  }
}
