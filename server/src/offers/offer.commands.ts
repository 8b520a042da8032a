import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type OfferCatalogueEvent, type OfferStartsEvent, type OfferStreamEvent, streams } from '@playquid/contracts';
import {
  type CatalogueCommand,
  type CatalogueState,
  offerCatalogueDecider,
  type OfferCommand,
  offerDecider,
  type OfferStartsCommand,
  offerStartsDecider,
  type OfferStartsState,
  type OfferState,
} from '@playquid/domain';
import { Clock, type WithoutNow } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand, type HandleResult } from '../cqrs/command-handler';

export type OfferCommandInput = WithoutNow<OfferCommand>;
export type CatalogueCommandInput = WithoutNow<CatalogueCommand>;
export type OfferStartsCommandInput = WithoutNow<OfferStartsCommand>;

/** One offer's content, anchor and status: decided on offer-<id>. */
export class RunOfferCommand {
  constructor(
    readonly input: OfferCommandInput,
    /** Who asked, for the event metadata (audit trail). */
    readonly actor: string,
  ) {}
}

/** Featured flags: decided on the one offer-catalogue stream, so the limit holds under concurrency. */
export class RunCatalogueCommand {
  constructor(
    readonly input: CatalogueCommandInput,
    readonly actor: string,
  ) {}
}

/** A member's starts and reported progress: decided on offerstarts-<uid>. */
export class RunOfferStartsCommand {
  constructor(readonly input: OfferStartsCommandInput) {}
}

@CommandHandler(RunOfferCommand)
export class RunOfferHandler implements ICommandHandler<RunOfferCommand, HandleResult<OfferState, OfferStreamEvent>> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  execute({ input, actor }: RunOfferCommand) {
    const command = this.clock.stamp<OfferCommand>(input);
    return handleCommand(this.store, streams.offer(command.offerId), offerDecider, command, { metadata: { actor } });
  }
}

@CommandHandler(RunCatalogueCommand)
export class RunCatalogueHandler implements ICommandHandler<RunCatalogueCommand, HandleResult<CatalogueState, OfferCatalogueEvent>> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  execute({ input, actor }: RunCatalogueCommand) {
    return handleCommand(this.store, streams.offerCatalogue(), offerCatalogueDecider, this.clock.stamp<CatalogueCommand>(input), { metadata: { actor } });
  }
}

@CommandHandler(RunOfferStartsCommand)
export class RunOfferStartsHandler implements ICommandHandler<RunOfferStartsCommand, HandleResult<OfferStartsState, OfferStartsEvent>> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  execute({ input }: RunOfferStartsCommand) {
    const command = this.clock.stamp<OfferStartsCommand>(input);
    return handleCommand(this.store, streams.offerStarts(command.uid), offerStartsDecider, command, { metadata: { actor: command.uid } });
  }
}

export const OFFER_COMMAND_HANDLERS = [RunOfferHandler, RunCatalogueHandler, RunOfferStartsHandler];
