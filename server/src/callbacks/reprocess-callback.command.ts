import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { callbackDecider } from '@playquid/domain';
import { DomainError } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream } from '../cqrs/command-handler';
import { ProcessCallbackCommand, type ProcessCallbackResult } from './process-callback.command';

/** An admin's retry of a callback whose processing failed (the console's Reprocess button). */
export class ReprocessCallbackCommand {
  constructor(
    readonly transactionId: string,
    readonly callbackId: string,
  ) {}
}

export type ReprocessCallbackResult = Extract<ProcessCallbackResult, { outcome: 'processed' | 'failed' }>;

export const ALREADY_PROCESSED_MESSAGE = 'Callback has already been processed; only a callback with a processing error can be reprocessed';
export const NOT_FAILED_MESSAGE = 'Callback has no processing error to retry; it is still waiting to be processed';

/**
 * Decides on the callback's stream, not on the read model (which may lag), whether a retry is
 * allowed, then replays the stored CallbackReceived through the same ProcessCallbackCommand the
 * worker runs. Nothing is rewritten: a success appends CallbackProcessed after the earlier
 * CallbackProcessingFailed, and the wallet decider still books the callback id at most once, so two
 * admins pressing Reprocess at once credit the member once.
 */
@CommandHandler(ReprocessCallbackCommand)
export class ReprocessCallbackHandler implements ICommandHandler<ReprocessCallbackCommand, ReprocessCallbackResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commandBus: CommandBus,
  ) {}

  async execute({ transactionId, callbackId }: ReprocessCallbackCommand): Promise<ReprocessCallbackResult> {
    const { state } = await aggregateStream(this.store, streams.callback(transactionId), callbackDecider);
    const callback = state.callbacks.get(callbackId);
    if (!callback) throw new DomainError('Callback not found', 'not_found');
    if (callback.processed) throw new DomainError(ALREADY_PROCESSED_MESSAGE, 'conflict');
    if (callback.lastError === null) throw new DomainError(NOT_FAILED_MESSAGE, 'conflict');

    const result = await this.commandBus.execute<ProcessCallbackCommand, ProcessCallbackResult>(new ProcessCallbackCommand(transactionId, callbackId));
    // Another reprocess (or the worker) won the race between our check and the processing.
    if (result.outcome === 'already_processed') throw new DomainError(ALREADY_PROCESSED_MESSAGE, 'conflict');
    return result;
  }
}
