import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type BlogSlugEvent, type BlogStreamEvent, streams } from '@playquid/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand, type HandleResult } from '../services/command-handler';
import { type BlogCommand, blogDecider, type BlogSlugCommand, blogSlugDecider, type BlogSlugState, type BlogState } from '@playquid/domain';

/** A command as callers build it: `now` is set by the handler, so time enters in one place. */
type WithoutNow<C> = C extends unknown ? Omit<C, 'now'> : never;
export type BlogCommandInput = WithoutNow<BlogCommand>;
export type BlogSlugCommandInput = WithoutNow<BlogSlugCommand>;

const withNow = <C>(input: C) => ({ ...input, now: new Date().toISOString() });

/** One post's content and flags: decided on blog-<id>. */
export class RunBlogCommand {
  constructor(
    readonly input: BlogCommandInput,
    /** Who asked, for the event metadata (audit trail). */
    readonly actor: string,
  ) {}
}

/** Who holds a slug: decided on blogslug-<slug>. */
export class RunBlogSlugCommand {
  constructor(
    readonly input: BlogSlugCommandInput,
    readonly actor: string,
  ) {}
}

@CommandHandler(RunBlogCommand)
export class RunBlogHandler implements ICommandHandler<RunBlogCommand, HandleResult<BlogState, BlogStreamEvent>> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ input, actor }: RunBlogCommand) {
    const command = withNow(input) as BlogCommand;
    return handleCommand(this.store, streams.blog(command.blogId), blogDecider, command, { metadata: { actor } });
  }
}

@CommandHandler(RunBlogSlugCommand)
export class RunBlogSlugHandler implements ICommandHandler<RunBlogSlugCommand, HandleResult<BlogSlugState, BlogSlugEvent>> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ input, actor }: RunBlogSlugCommand) {
    const command = withNow(input) as BlogSlugCommand;
    return handleCommand(this.store, streams.blogSlug(command.slug), blogSlugDecider, command, { metadata: { actor } });
  }
}

export const BLOG_COMMAND_HANDLERS = [RunBlogHandler, RunBlogSlugHandler];

/** The write side's view of posts and slugs: folds of their streams, never the read tables. */
@Injectable()
export class BlogStreams {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async blog(blogId: string): Promise<BlogState> {
    return (await aggregateStream(this.store, streams.blog(blogId), blogDecider)).state;
  }

  async slugHolder(slug: string): Promise<string | null> {
    return (await aggregateStream(this.store, streams.blogSlug(slug), blogSlugDecider)).state.holder;
  }
}
