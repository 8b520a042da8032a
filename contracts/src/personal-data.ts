import type { PlayQuidEventType } from './events';

/**
 * Personal data in the event log (crypto-shredding). Every personal field of every event type is
 * listed here with its retention category; the event store encrypts these fields with the member's
 * key of that category before they are hashed and stored, and refuses an event whose listed fields
 * are not encrypted. Destroying a key (shredding) leaves every chain and balance intact while the
 * fields it encrypted become unreadable.
 *
 * - identity: the email needed for financial records (who was paid what, where): readable until 7
 *   years after the account closes (RETENTION.financialRecordsYears).
 * - profile: the username: shredded as soon as the account closes.
 * - technical: IP addresses and the partner's raw parameters: a key per subject per day, shredded 90
 *   days later (RETENTION.technicalLogsDays), or at once when the account closes.
 * - marketing: marketing choices: 3 years (RETENTION.marketingConsentYears); no event carries one yet.
 */
export type PersonalDataCategory = 'identity' | 'profile' | 'technical' | 'marketing';

export interface PersonalField {
  /** The field of the event's data. */
  field: string;
  category: PersonalDataCategory;
}

/** The member a personal field belongs to: the event's `uid` (or the partner's `userId` for callbacks). */
export type PersonalSubjectField = 'uid' | 'userId';

export const PERSONAL_FIELDS: { readonly [Type in PlayQuidEventType]?: { subject: PersonalSubjectField; fields: readonly PersonalField[] } } = {
  UserRegistered: {
    subject: 'uid',
    fields: [
      { field: 'email', category: 'identity' },
      { field: 'username', category: 'profile' },
    ],
  },
  UserProfileUpdated: { subject: 'uid', fields: [{ field: 'username', category: 'profile' }] },
  EmailClaimed: { subject: 'uid', fields: [{ field: 'email', category: 'identity' }] },
  PayoutRequested: { subject: 'uid', fields: [{ field: 'email', category: 'identity' }] },
  PayoutRewardResendRequested: { subject: 'uid', fields: [{ field: 'email', category: 'identity' }] },
  // What a member writes in a missing-credit claim is theirs: shredded with the profile at closure.
  ClaimOpened: {
    subject: 'uid',
    fields: [
      { field: 'note', category: 'profile' },
      { field: 'evidence', category: 'profile' },
    ],
  },
  CallbackReceived: {
    subject: 'userId',
    fields: [
      { field: 'sourceIp', category: 'technical' },
      { field: 'rawParameters', category: 'technical' },
    ],
  },
  CallbackRejected: {
    subject: 'userId',
    fields: [
      { field: 'sourceIp', category: 'technical' },
      { field: 'rawParameters', category: 'technical' },
    ],
  },
};

/** The subject of a personal field with no member (a rejected callback naming nobody). */
export const NO_SUBJECT = '_none';

/** How an encrypted field is stored: `pqe1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts). */
export const ENCRYPTED_PREFIX = 'pqe1.';

export const isEncryptedValue = (value: unknown): value is string => typeof value === 'string' && value.startsWith(ENCRYPTED_PREFIX);

/**
 * How a shredded field reads (chosen so every reader keeps its types): a string field reads as
 * ERASED, an object field (rawParameters) as an empty object; the event read then lists the field
 * names under `erased` (ERASED_FIELDS_KEY, beside `data`; the metadata stays as the hash covers it).
 */
export const ERASED = '[erased]';
export const ERASED_FIELDS_KEY = 'erased';
export const isErased = (value: unknown): boolean => value === ERASED;

/** The users read row's email once the account is closed or its email erased: unique per member. */
export const CLOSED_EMAIL_DOMAIN = 'closed.playquid.invalid';
export const closedEmail = (uid: string) => `${uid}@${CLOSED_EMAIL_DOMAIN}`;
