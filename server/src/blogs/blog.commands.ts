import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type BlogSlugEvent, type BlogStreamEvent, streams } from '@playquid/contracts';
import { type BlogCommand, blogDecider, type BlogSlugCommand, blogSlugDecider, type BlogSlugState, type BlogState } from '@playquid/domain';
import { Clock, type WithoutNow } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand, type HandleResult } from '../cqrs/command-handler';

export type BlogCommandInput = WithoutNow<BlogCommand>;
export type BlogSlugCommandInput = WithoutNow<BlogSlugCommand>;

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
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  execute({ input, actor }: RunBlogCommand) {
    const command = this.clock.stamp<BlogCommand>(input);
    return handleCommand(this.store, streams.blog(command.blogId), blogDecider, command, { metadata: { actor } });
  }
}

@CommandHandler(RunBlogSlugCommand)
export class RunBlogSlugHandler implements ICommandHandler<RunBlogSlugCommand, HandleResult<BlogSlugState, BlogSlugEvent>> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  execute({ input, actor }: RunBlogSlugCommand) {
    const command = this.clock.stamp<BlogSlugCommand>(input);
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
