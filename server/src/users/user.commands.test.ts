import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { streams } from '@playquid/contracts';
import { createTestDatabase, PersonalDataVault, type TestDatabase } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegisterMemberCommand, RegisterMemberHandler } from '../auth/register-member.command';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE } from '../event-store/event-store';
import { createEventStore } from '../event-store/create-event-store';
import type { EncryptingEventStore } from '../event-store/encrypting-event-store';
import { FixedClock } from '../testing/fixed-clock';
import { GrantWelcomeBonusHandler } from '../wallet/welcome-bonus.command';
import { BanUserCommand, MarkEmailVerifiedCommand, USER_COMMAND_HANDLERS } from './user.commands';

let database: TestDatabase;
let store: EncryptingEventStore;
let commandBus: CommandBus;
const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));

beforeAll(async () => {
  database = await createTestDatabase('usercommands', { migrated: true });
  store = await createEventStore({ databaseUrl: database.url });
  const moduleRef = await Test.createTestingModule({
    imports: [CqrsModule.forRoot()],
    providers: [
      { provide: EVENT_STORE, useValue: store },
      { provide: Clock, useValue: clock },
      { provide: PersonalDataVault, useValue: store.vault },
      RegisterMemberHandler,
      GrantWelcomeBonusHandler,
      ...USER_COMMAND_HANDLERS,
    ],
  }).compile();
  await moduleRef.init();
  commandBus = moduleRef.get(CommandBus);
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

async function unverifiedMember(): Promise<string> {
  const uid = `u${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await commandBus.execute(new RegisterMemberCommand(uid, `${uid}@playquid.test`, uid, null, null, false));
  return uid;
}

const eventsOf = async (streamId: string) => (await store.readStream(streamId)).map(({ type, data }) => ({ type, data }));

describe('user-stream commands', () => {
  it('stamps their events with the injected clock', async () => {
    const uid = await unverifiedMember();
    clock.set(new Date('2026-11-22T10:05:00.000Z'));
    await commandBus.execute(new BanUserCommand(uid, { uid: 'admin-1', name: 'admin@playquid.test' }, 'Spam'));
    expect((await eventsOf(streams.user(uid))).at(-1)).toEqual({
      type: 'UserBanned',
      data: { uid, bannedBy: 'admin@playquid.test', reason: 'Spam', bannedAt: '2026-11-22T10:05:00.000Z' },
    });
  });

  it('grants the welcome bonus through its own command once the email is verified, and only once', async () => {
    const uid = await unverifiedMember();
    expect(await eventsOf(streams.wallet(uid))).toEqual([]);
    clock.set(new Date('2026-11-22T11:00:00.000Z'));
    await commandBus.execute(new MarkEmailVerifiedCommand(uid));
    await commandBus.execute(new MarkEmailVerifiedCommand(uid));
    const wallet = await eventsOf(streams.wallet(uid));
    expect(wallet.map((e) => e.type)).toEqual(['WelcomeBonusGranted']);
    expect(wallet[0].data).toMatchObject({ uid, grantedAt: '2026-11-22T11:00:00.000Z' });
  });
});
