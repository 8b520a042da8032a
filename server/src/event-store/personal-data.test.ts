import { ENCRYPTED_PREFIX, ERASED, PERSONAL_FIELDS, type PlayQuidEventType } from '@playquid/contracts';
import { InMemoryKeyRecords, masterKeyOf, PersonalDataVault, unencryptedPersonalFields } from '@playquid/read-db';
import { describe, expect, it } from 'vitest';
import { assertPersonalDataEncrypted, UnencryptedPersonalDataError } from './encrypting-event-store';

/**
 * Every event type of the log and the personal data it carries. A Record over every type, so a new
 * event type does not compile until someone states here what personal data it holds.
 * Staff identifiers (`...By`, an admin's uid or email) are kept as accountability records and are not
 * member personal data; offer, blog and money facts carry none.
 */
const PERSONAL_DATA_BY_TYPE: Record<PlayQuidEventType, string[]> = {
  UserRegistered: ['email', 'username'],
  UserEmailVerified: [],
  UserSignedIn: [],
  UserProfileUpdated: ['username'],
  UserRoleChanged: [],
  UserBanned: [],
  UserUnbanned: [],
  AccountClosed: [],
  BalanceForfeited: [],
  PersonalDataRetentionApplied: [],
  EmailClaimed: ['email'],
  WelcomeBonusGranted: [],
  PartnerAccountStatusChanged: [],
  EarningCredited: [],
  EarningReviewApproved: [],
  EarningReviewRejected: [],
  EarningApproved: [],
  EarningReversed: [],
  ReversalAwaitingCredit: [],
  CreditCoveredByClaim: [],
  CreditRefusedAccountClosed: [],
  WalletClosed: [],
  MemberQualified: [],
  MemberQualificationLost: [],
  ReferralRewardReversed: [],
  ReferralRewardGranted: [],
  PayoutRequested: ['email'],
  PayoutApproved: [],
  PayoutRejected: [],
  PayoutProcessed: [],
  PayoutCancelled: [],
  PayoutRewardOrderPlaced: [],
  PayoutFlaggedForReview: [],
  PayoutRewardOrdered: [],
  PayoutRewardOrderFailed: [],
  PayoutRewardDeliveryRecorded: [],
  PayoutRewardResendRequested: ['email'],
  PayoutReturned: [],
  CallbackReceived: ['sourceIp', 'rawParameters'],
  CallbackRejected: ['sourceIp', 'rawParameters'],
  CallbackProcessed: [],
  CallbackProcessingFailed: [],
  OfferCreated: [],
  OfferDataSynced: [],
  OfferUpdated: [],
  OfferDeleted: [],
  OfferAnchorChanged: [],
  OfferStatusChanged: [],
  OfferFeaturedChanged: [],
  OfferStarted: [],
  OfferProgressReported: [],
  BlogCreated: [],
  BlogUpdated: [],
  BlogPublished: [],
  BlogUnpublished: [],
  BlogFeatured: [],
  BlogUnfeatured: [],
  BlogDeleted: [],
  BlogSlugClaimed: [],
  BlogSlugReleased: [],
  ClaimOpened: ['note', 'evidence'],
  ClaimMarkedWaiting: [],
  ClaimApproved: [],
  ClaimDeclined: [],
  ClaimTaskHeld: [],
  ClaimTaskReleased: [],
};

const SAMPLE: Record<string, unknown> = {
  uid: 'ana',
  userId: 'ana',
  email: 'ana@example.test',
  username: 'Ana',
  sourceIp: '198.51.100.7',
  rawParameters: { uid: 'ana', ip: '198.51.100.7' },
  note: 'I finished level 10 on my phone',
  evidence: 'Player id ANA-4471',
};

describe('personal data in events', () => {
  it('lists exactly the personal fields of every event type', () => {
    const listed = Object.fromEntries(
      Object.keys(PERSONAL_DATA_BY_TYPE).map((type) => [type, (PERSONAL_FIELDS[type as PlayQuidEventType]?.fields ?? []).map((f) => f.field)]),
    );
    expect(listed).toEqual(PERSONAL_DATA_BY_TYPE);
  });

  for (const [type, fields] of Object.entries(PERSONAL_DATA_BY_TYPE).filter(([, fields]) => fields.length > 0)) {
    it(`${type}: refused in clear, stored encrypted, read back, erased once shredded`, async () => {
      const data = Object.fromEntries([...fields, 'uid', 'userId'].map((f) => [f, SAMPLE[f]]));
      expect(() => assertPersonalDataEncrypted([{ type, data }])).toThrow(UnencryptedPersonalDataError);

      const vault = PersonalDataVault.inMemory();
      const [stored] = await vault.protect([{ type, data }]);
      expect(unencryptedPersonalFields(type, stored.data)).toEqual([]);
      const bytes = JSON.stringify(stored.data);
      for (const field of fields) {
        expect((stored.data as Record<string, string>)[field].startsWith(ENCRYPTED_PREFIX)).toBe(true);
        expect(bytes).not.toContain(JSON.stringify(SAMPLE[field]).slice(1, -1));
      }
      expect(() => assertPersonalDataEncrypted([stored])).not.toThrow();
      expect((await vault.revealMany([stored]))[0]).toEqual({ data, erased: [] });

      await vault.shred('ana', ['identity', 'profile', 'technical', 'marketing']);
      const [{ data: erased, erased: names }] = await vault.revealMany([stored]);
      expect(names).toEqual(fields);
      for (const field of fields) expect((erased as Record<string, unknown>)[field]).toEqual(field === 'rawParameters' ? {} : ERASED);
    });
  }

  it('names the email-claim stream by a keyed hash of the lower-cased email, never the email', async () => {
    const vault = PersonalDataVault.inMemory();
    const lookup = await vault.emailLookup('Ana@Example.test');
    expect(lookup).toMatch(/^[0-9a-f]{64}$/);
    expect(await vault.emailLookup('ana@example.TEST')).toBe(lookup);
    expect(await vault.emailLookup('ben@example.test')).not.toBe(lookup);
  });

  it('writes nothing more under a shredded key', async () => {
    const vault = PersonalDataVault.inMemory();
    await vault.protect([{ type: 'UserProfileUpdated', data: { uid: 'ana', username: 'Ana', updatedAt: 'now' } }]);
    await vault.shred('ana', ['profile']);
    await expect(vault.protect([{ type: 'UserProfileUpdated', data: { uid: 'ana', username: 'Ana 2', updatedAt: 'now' } }])).rejects.toThrow(/erased/);
  });
});

describe('master-key rotation', () => {
  it('reads data written under the old master key, re-wraps every key under the new one, and the old key can then go', async () => {
    const records = new InMemoryKeyRecords();
    const oldKey = masterKeyOf(Buffer.alloc(32, 1).toString('base64'));
    const newKey = masterKeyOf(Buffer.alloc(32, 2).toString('base64'));
    const data = { uid: 'ana', username: 'Ana', updatedAt: 'now' };
    const [stored] = await new PersonalDataVault(records, { current: oldKey, previous: [] }).protect([{ type: 'UserProfileUpdated', data }]);

    const rotating = new PersonalDataVault(records, { current: newKey, previous: [oldKey] });
    expect((await rotating.revealMany([stored]))[0].data).toEqual(data);
    expect(await rotating.rewrap()).toBe(1);
    expect(await rotating.rewrap()).toBe(0);
    const rotated = new PersonalDataVault(records, { current: newKey, previous: [] });
    expect((await rotated.revealMany([stored]))[0].data).toEqual(data);
  });
});

describe('technical data after a closure', () => {
  it('is stored under a fresh key of its own, readable, while what the shredded key covered stays erased', async () => {
    const vault = PersonalDataVault.inMemory();
    const callback = (ip: string) => ({ type: 'CallbackReceived', data: { userId: 'ana', sourceIp: ip, rawParameters: { ip } } });
    const [before] = await vault.protect([callback('198.51.100.1')]);
    await vault.shred('ana', ['technical']);
    const [after] = await vault.protect([callback('198.51.100.2')]);
    expect((await vault.revealMany([before, after])).map((r) => r.data)).toEqual([
      { userId: 'ana', sourceIp: ERASED, rawParameters: {} },
      callback('198.51.100.2').data,
    ]);
  });
});
