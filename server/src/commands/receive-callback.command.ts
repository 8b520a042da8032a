import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CallbackRejected, streams } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import { parseCallbackParams, rawParameters } from '../bitlabs/callback-params';
import { verifySignedUrl } from '../bitlabs/signature';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { callbackDecider } from '../domain/callback.decider';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../services/command-handler';

export class ReceiveCallbackCommand {
  constructor(
    /** Path and query exactly as received (`/api/bitlabs/callback?uid=…&hash=…`). */
    readonly rawPathAndQuery: string,
    readonly sourceIp: string,
  ) {}
}

export type ReceiveCallbackResult =
  | { outcome: 'accepted'; callbackId: string; transactionId: string }
  | { outcome: 'duplicate'; callbackId: string; transactionId: string }
  | { outcome: 'rejected'; callbackId: string; status: 400 | 403; reason: string };

/**
 * Callback intake: verify, then store. Every callback becomes an event, accepted or rejected with its
 * reason, before the partner gets an answer; crediting happens later in a job, off this hot path.
 */
@CommandHandler(ReceiveCallbackCommand)
export class ReceiveCallbackHandler implements ICommandHandler<ReceiveCallbackCommand, ReceiveCallbackResult> {
  private readonly logger = new Logger('BitLabsCallback');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ rawPathAndQuery, sourceIp }: ReceiveCallbackCommand): Promise<ReceiveCallbackResult> {
    const callbackId = randomUUID();
    const receivedAt = new Date().toISOString();
    const url = `${this.config.bitlabs.publicBaseUrl}${rawPathAndQuery}`;
    const queryIndex = rawPathAndQuery.indexOf('?');
    const params = new URLSearchParams(queryIndex >= 0 ? rawPathAndQuery.slice(queryIndex + 1) : '');
    const { valid, hash } = verifySignedUrl(url, this.config.bitlabs.secret);

    const reject = async (status: 400 | 403, reason: string): Promise<ReceiveCallbackResult> => {
      const event: CallbackRejected = {
        type: 'CallbackRejected',
        data: {
          callbackId,
          reason,
          transactionId: params.get('tx'),
          userId: params.get('uid'),
          sourceIp,
          hash,
          rawParameters: rawParameters(params),
          receivedAt,
        },
      };
      await this.store.appendToStream(streams.rejectedCallback(callbackId), [event], { expectedRevision: 'no_stream' });
      this.logger.warn({ callbackId, reason, sourceIp }, 'callback rejected');
      return { outcome: 'rejected', callbackId, status, reason };
    };

    const allowed = this.config.bitlabs.allowedIps;
    if (allowed.length > 0 && !allowed.includes(sourceIp)) return reject(403, `Source IP ${sourceIp} is not allowed`);
    if (!valid) return reject(403, hash ? 'Invalid hash' : 'Missing hash');
    const parsed = parseCallbackParams(params);
    if (!parsed.ok) return reject(400, parsed.reason);

    const { transactionId } = parsed.callback;
    const { events, state } = await handleCommand(this.store, streams.callback(transactionId), callbackDecider, {
      type: 'ReceiveCallback',
      callback: { ...parsed.callback, callbackId, sourceIp, hash: hash!, rawParameters: rawParameters(params), receivedAt },
    }, { expectNewStream: true });
    if (events.length === 0) {
      return { outcome: 'duplicate', callbackId: state.receivedByState[parsed.callback.state]!, transactionId };
    }
    return { outcome: 'accepted', callbackId, transactionId };
  }
}
