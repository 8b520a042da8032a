import {
  ENCRYPTED_PREFIX,
  ERASED,
  ERASED_FIELDS_KEY,
  isEncryptedValue,
  NO_SUBJECT,
  PERSONAL_FIELDS,
  type PersonalDataCategory,
  type PlayQuidEventType,
  RETENTION,
} from '@playquid/contracts';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const DAY_MS = 86_400_000;
/** How long an unwrapped key is trusted in memory: a key shredded elsewhere stops decrypting here within this. */
const KEY_CACHE_MS = 5_000;
const LOOKUP_KEY_ID = 'lookup:email';

/**
 * The development and test master key (never valid in production: `personalDataMasterKeysFromEnv`
 * refuses to run there without PERSONAL_DATA_MASTER_KEY).
 */
export const DEV_MASTER_KEY = Buffer.alloc(KEY_BYTES, 'playquid-dev-master-key-not-secret').toString('base64');

export interface MasterKey {
  id: string;
  key: Buffer;
}

export interface MasterKeys {
  /** Wraps every new data key (and every key `rewrap` touches). */
  current: MasterKey;
  /** Older master keys still able to unwrap keys wrapped before a rotation. */
  previous: MasterKey[];
}

export const masterKeyOf = (base64: string): MasterKey => {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error('A personal-data master key must be 32 bytes, base64-encoded');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 12), key };
};

/**
 * PERSONAL_DATA_MASTER_KEY (base64, 32 bytes) and PERSONAL_DATA_PREVIOUS_MASTER_KEYS (comma-separated,
 * for rotation). Production (NODE_ENV=production) refuses to start without the master key;
 * development and tests use DEV_MASTER_KEY.
 */
export function personalDataMasterKeysFromEnv(env: NodeJS.ProcessEnv = process.env): MasterKeys {
  const configured = env.PERSONAL_DATA_MASTER_KEY?.trim();
  if (!configured && env.NODE_ENV === 'production') {
    throw new Error('PERSONAL_DATA_MASTER_KEY must be set in production (base64 of 32 random bytes)');
  }
  const previous = (env.PERSONAL_DATA_PREVIOUS_MASTER_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map(masterKeyOf);
  return { current: masterKeyOf(configured || DEV_MASTER_KEY), previous };
}

interface KeyRecord {
  keyId: string;
  subject: string;
  category: PersonalDataCategory | 'system';
  expiresAt: Date | null;
}

/** Where the wrapped keys live: the `personal_data_keys` table, or memory (unit tests, the simulation). */
export interface KeyRecords {
  /** The wrapped keys by id; a shredded or unknown id is absent. */
  read(keyIds: readonly string[]): Promise<Map<string, { masterKeyId: string; wrapped: Buffer }>>;
  /** Inserts the keys not there yet (a key shredded before is never created again). */
  insert(rows: ReadonlyArray<KeyRecord & { masterKeyId: string; wrapped: Buffer }>): Promise<void>;
  /** Shreds the subject's keys of these categories; returns how many. */
  shredSubject(subject: string, categories: readonly string[], at: Date): Promise<number>;
  /** Sets when the subject's keys of a category expire. */
  expireSubject(subject: string, category: string, expiresAt: Date): Promise<void>;
  /** Shreds every key expired at `now`; returns the count per category. */
  shredExpired(now: Date): Promise<Record<string, number>>;
  /** The keys wrapped by another master key than `masterKeyId` (rotation). */
  wrappedByOthers(masterKeyId: string, limit: number): Promise<Array<{ keyId: string; masterKeyId: string; wrapped: Buffer }>>;
  rewrap(keyId: string, masterKeyId: string, wrapped: Buffer): Promise<void>;
}

export class PostgresKeyRecords implements KeyRecords {
  constructor(private readonly db: Kysely<DB>) {}

  async read(keyIds: readonly string[]) {
    const found = new Map<string, { masterKeyId: string; wrapped: Buffer }>();
    if (keyIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('personal_data_keys')
      .select(['key_id', 'master_key_id', 'wrapped_key'])
      .where('key_id', 'in', [...keyIds])
      .where('wrapped_key', 'is not', null)
      .execute();
    for (const row of rows) found.set(row.key_id, { masterKeyId: row.master_key_id!, wrapped: row.wrapped_key! });
    return found;
  }

  async insert(rows: ReadonlyArray<KeyRecord & { masterKeyId: string; wrapped: Buffer }>) {
    if (rows.length === 0) return;
    await this.db
      .insertInto('personal_data_keys')
      .values(
        rows.map((r) => ({
          key_id: r.keyId,
          subject: r.subject,
          category: r.category,
          master_key_id: r.masterKeyId,
          wrapped_key: r.wrapped,
          expires_at: r.expiresAt,
        })),
      )
      .onConflict((oc) => oc.column('key_id').doNothing())
      .execute();
  }

  async shredSubject(subject: string, categories: readonly string[], at: Date) {
    if (categories.length === 0) return 0;
    const result = await this.db
      .updateTable('personal_data_keys')
      .set({ wrapped_key: null, master_key_id: null, shredded_at: at })
      .where('subject', '=', subject)
      .where('category', 'in', [...categories])
      .where('wrapped_key', 'is not', null)
      .executeTakeFirst();
    // A wallet snapshot is a cache of a fold made while the keys were readable (payout emails in it):
    // it goes with them; the next fold reads the fields as erased and leaves a new one.
    await this.db.deleteFrom('wallet_snapshots').where('uid', '=', subject).execute();
    return Number(result.numUpdatedRows);
  }

  async expireSubject(subject: string, category: string, expiresAt: Date) {
    await this.db
      .updateTable('personal_data_keys')
      .set({ expires_at: expiresAt })
      .where('subject', '=', subject)
      .where('category', '=', category)
      .where('wrapped_key', 'is not', null)
      .execute();
  }

  async shredExpired(now: Date) {
    const rows = await this.db
      .updateTable('personal_data_keys')
      .set({ wrapped_key: null, master_key_id: null, shredded_at: now })
      .where('expires_at', '<=', now)
      .where('wrapped_key', 'is not', null)
      .returning(['category', 'subject'])
      .execute();
    const subjects = [...new Set(rows.map((row) => row.subject))];
    for (let i = 0; i < subjects.length; i += 1000)
      await this.db.deleteFrom('wallet_snapshots').where('uid', 'in', subjects.slice(i, i + 1000)).execute();
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.category] = (counts[row.category] ?? 0) + 1;
    return counts;
  }

  async wrappedByOthers(masterKeyId: string, limit: number) {
    const rows = await this.db
      .selectFrom('personal_data_keys')
      .select(['key_id', 'master_key_id', 'wrapped_key'])
      .where('wrapped_key', 'is not', null)
      .where('master_key_id', '<>', masterKeyId)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ keyId: r.key_id, masterKeyId: r.master_key_id!, wrapped: r.wrapped_key! }));
  }

  async rewrap(keyId: string, masterKeyId: string, wrapped: Buffer) {
    await this.db.updateTable('personal_data_keys').set({ master_key_id: masterKeyId, wrapped_key: wrapped }).where('key_id', '=', keyId).execute();
  }
}

export class InMemoryKeyRecords implements KeyRecords {
  readonly rows = new Map<string, KeyRecord & { masterKeyId: string | null; wrapped: Buffer | null }>();

  async read(keyIds: readonly string[]) {
    const found = new Map<string, { masterKeyId: string; wrapped: Buffer }>();
    for (const id of keyIds) {
      const row = this.rows.get(id);
      if (row?.wrapped) found.set(id, { masterKeyId: row.masterKeyId!, wrapped: row.wrapped });
    }
    return found;
  }

  async insert(rows: ReadonlyArray<KeyRecord & { masterKeyId: string; wrapped: Buffer }>) {
    for (const row of rows) if (!this.rows.has(row.keyId)) this.rows.set(row.keyId, { ...row });
  }

  async shredSubject(subject: string, categories: readonly string[]) {
    let count = 0;
    for (const row of this.rows.values()) {
      if (row.subject === subject && categories.includes(row.category) && row.wrapped) {
        row.wrapped = null;
        count++;
      }
    }
    return count;
  }

  async expireSubject(subject: string, category: string, expiresAt: Date) {
    for (const row of this.rows.values()) if (row.subject === subject && row.category === category && row.wrapped) row.expiresAt = expiresAt;
  }

  async shredExpired(now: Date) {
    const counts: Record<string, number> = {};
    for (const row of this.rows.values()) {
      if (row.wrapped && row.expiresAt && row.expiresAt <= now) {
        row.wrapped = null;
        counts[row.category] = (counts[row.category] ?? 0) + 1;
      }
    }
    return counts;
  }

  async wrappedByOthers(masterKeyId: string, limit: number) {
    return [...this.rows.values()]
      .filter((r) => r.wrapped && r.masterKeyId !== masterKeyId)
      .slice(0, limit)
      .map((r) => ({ keyId: r.keyId, masterKeyId: r.masterKeyId!, wrapped: r.wrapped! }));
  }

  async rewrap(keyId: string, masterKeyId: string, wrapped: Buffer) {
    const row = this.rows.get(keyId);
    if (row) Object.assign(row, { masterKeyId, wrapped });
  }
}

function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

const b64 = (b: Buffer) => b.toString('base64url');

export interface RevealedData {
  data: unknown;
  /** The personal fields whose key is shredded (they read as ERASED, or {} for an object). */
  erased: string[];
}

/** The day a technical key covers (UTC), as YYYY-MM-DD. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Crypto-shredding: encrypts the personal fields of events (PERSONAL_FIELDS) with per-member data
 * keys (AES-256-GCM, the event type and field as associated data), envelope-encrypted by the master
 * key; decrypts them on the read path; destroys keys (shredding). One vault per process; unwrapped
 * keys are kept in memory for KEY_CACHE_MS, a shredded key is forgotten at once in this process.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, { key: Buffer | null; at: number }>();

  constructor(
    private readonly records: KeyRecords,
    private readonly masterKeys: MasterKeys = personalDataMasterKeysFromEnv(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  static forDatabase(db: Kysely<DB>, masterKeys?: MasterKeys): PersonalDataVault {
    return new PersonalDataVault(new PostgresKeyRecords(db), masterKeys);
  }

  static inMemory(now?: () => Date): PersonalDataVault {
    return new PersonalDataVault(new InMemoryKeyRecords(), personalDataMasterKeysFromEnv({}), now);
  }

  /** The key a personal field of this category is encrypted under, with when it expires on its own. */
  private keyFor(category: PersonalDataCategory, subject: string, at: Date): KeyRecord {
    if (category === 'technical') {
      const day = dayOf(at);
      const expiresAt = new Date(Date.parse(day) + (RETENTION.technicalLogsDays + 1) * DAY_MS);
      return { keyId: `technical:${subject}:${day}`, subject, category, expiresAt };
    }
    if (category === 'marketing') {
      const expiresAt = new Date(at.getTime() + RETENTION.marketingConsentYears * 365 * DAY_MS);
      return { keyId: `marketing:${subject}`, subject, category, expiresAt };
    }
    return { keyId: `${category}:${subject}`, subject, category, expiresAt: null };
  }

  private wrap(key: Buffer, keyId: string) {
    return { masterKeyId: this.masterKeys.current.id, wrapped: seal(this.masterKeys.current.key, key, keyId) };
  }

  private unwrap(keyId: string, masterKeyId: string, wrapped: Buffer): Buffer {
    const master = [this.masterKeys.current, ...this.masterKeys.previous].find((m) => m.id === masterKeyId);
    if (!master) throw new Error(`Personal-data key ${keyId} is wrapped by master key ${masterKeyId}, which is not configured`);
    return open(master.key, wrapped, keyId);
  }

  /** The keys by id (null when shredded or never made), from memory when recent. */
  private async keys(keyIds: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const result = new Map<string, Buffer | null>();
    const missing: string[] = [];
    const now = Date.now();
    for (const id of new Set(keyIds)) {
      const cached = this.cache.get(id);
      if (cached && (cached.key === null || now - cached.at < KEY_CACHE_MS)) result.set(id, cached.key);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const found = await this.records.read(missing);
      for (const id of missing) {
        const row = found.get(id);
        const key = row ? this.unwrap(id, row.masterKeyId, row.wrapped) : null;
        // An absent key may be created a moment later: only a key seen is cached.
        if (key) this.cache.set(id, { key, at: now });
        result.set(id, key);
      }
    }
    return result;
  }

  /**
   * The keys of these records, made where missing. A shredded key is never made again: nothing more
   * is written under an erased identity, profile or lookup key (PersonalDataShreddedError); technical
   * data arriving after its day's key was shredded (a partner callback after a closure) gets a fresh
   * key of its own (`<id>~<random>`), returned under the record's id.
   */
  private async keysCreated(records: KeyRecord[]): Promise<Map<string, { keyId: string; key: Buffer }>> {
    const byId = new Map(records.map((r) => [r.keyId, r]));
    const known = await this.keys(byId.keys());
    const fresh = [...byId.values()].filter((r) => !known.get(r.keyId));
    const renewed = new Map<string, string>();
    if (fresh.length > 0) {
      await this.records.insert(fresh.map((r) => ({ ...r, ...this.wrap(randomBytes(KEY_BYTES), r.keyId) })));
      // Another process may have created the same key first: the stored one is the key.
      for (const r of fresh) this.cache.delete(r.keyId);
      const stored = await this.keys(fresh.map((r) => r.keyId));
      const again: KeyRecord[] = [];
      for (const r of fresh) {
        const key = stored.get(r.keyId) ?? null;
        if (!key && r.category === 'technical') {
          const renewal = { ...r, keyId: `${r.keyId}~${randomBytes(6).toString('hex')}` };
          renewed.set(r.keyId, renewal.keyId);
          again.push(renewal);
        }
        known.set(r.keyId, key);
      }
      if (again.length > 0) {
        const keys = again.map((r) => ({ record: r, key: randomBytes(KEY_BYTES) }));
        await this.records.insert(keys.map(({ record, key }) => ({ ...record, ...this.wrap(key, record.keyId) })));
        for (const { record, key } of keys) this.cache.set(record.keyId, { key, at: Date.now() });
      }
    }
    const result = new Map<string, { keyId: string; key: Buffer }>();
    for (const [id, key] of known) {
      const renewal = renewed.get(id);
      if (renewal) {
        result.set(id, { keyId: renewal, key: this.cache.get(renewal)!.key! });
        continue;
      }
      if (!key) throw new PersonalDataShreddedError(id);
      result.set(id, { keyId: id, key });
    }
    return result;
  }

  /** Events with their personal fields encrypted (fields already encrypted stay as they are). */
  async protect<E extends { type: string; data: unknown }>(events: readonly E[]): Promise<E[]> {
    const at = this.now();
    const plans = events.map((event) => {
      const spec = PERSONAL_FIELDS[event.type as PlayQuidEventType];
      if (!spec) return null;
      const data = event.data as Record<string, unknown>;
      const subject = typeof data[spec.subject] === 'string' && data[spec.subject] ? String(data[spec.subject]) : NO_SUBJECT;
      return spec.fields
        .filter((f) => f.field in data && data[f.field] !== null && data[f.field] !== undefined && !isEncryptedValue(data[f.field]))
        .map((f) => ({ field: f.field, record: this.keyFor(f.category, subject, at) }));
    });
    const needed = plans.flatMap((p) => p?.map((f) => f.record) ?? []);
    if (needed.length === 0) return [...events];
    const keys = await this.keysCreated(needed);
    return events.map((event, i) => {
      const plan = plans[i];
      if (!plan || plan.length === 0) return event;
      const data = { ...(event.data as Record<string, unknown>) };
      for (const { field, record } of plan) {
        const { keyId, key } = keys.get(record.keyId)!;
        const sealed = seal(key, Buffer.from(JSON.stringify(data[field])), `${event.type}.${field}`);
        data[field] = `${ENCRYPTED_PREFIX}${b64(Buffer.from(keyId))}.${b64(sealed)}`;
      }
      return { ...event, data };
    });
  }

  /** Decrypts the personal fields of many events' data at once (one key read); plain values pass through. */
  async revealMany(items: ReadonlyArray<{ type: string; data: unknown }>): Promise<RevealedData[]> {
    const keyIds = new Set<string>();
    const parsed = items.map((item) => {
      const spec = PERSONAL_FIELDS[item.type as PlayQuidEventType];
      if (!spec || typeof item.data !== 'object' || item.data === null) return null;
      const data = item.data as Record<string, unknown>;
      const fields = spec.fields.flatMap((f) => {
        const value = data[f.field];
        if (!isEncryptedValue(value)) return [];
        const [keyPart, sealedPart] = value.slice(ENCRYPTED_PREFIX.length).split('.');
        const keyId = Buffer.from(keyPart, 'base64url').toString();
        keyIds.add(keyId);
        return [{ field: f.field, keyId, sealed: Buffer.from(sealedPart ?? '', 'base64url') }];
      });
      return fields.length > 0 ? fields : null;
    });
    if (keyIds.size === 0) return items.map((item) => ({ data: item.data, erased: [] }));
    const keys = await this.keys(keyIds);
    return items.map((item, i) => {
      const fields = parsed[i];
      if (!fields) return { data: item.data, erased: [] };
      const data = { ...(item.data as Record<string, unknown>) };
      const erased: string[] = [];
      for (const { field, keyId, sealed } of fields) {
        const key = keys.get(keyId);
        if (key) {
          data[field] = JSON.parse(open(key, sealed, `${item.type}.${field}`).toString()) as unknown;
        } else {
          data[field] = field === 'rawParameters' ? {} : ERASED;
          erased.push(field);
        }
      }
      return { data, erased };
    });
  }

  /**
   * Messages (or recorded events) with their data decrypted and, when a key was shredded, `erased`
   * listing the fields that read as erased (beside the metadata, which the hash covers as stored).
   */
  async revealEvents<M extends { type: string; data: unknown }>(events: readonly M[]): Promise<M[]> {
    const revealed = await this.revealMany(events);
    return events.map((event, i) => {
      const { data, erased } = revealed[i];
      if (data === event.data) return event;
      return erased.length > 0 ? { ...event, data, [ERASED_FIELDS_KEY]: erased } : { ...event, data };
    });
  }

  /**
   * The email-claim stream's key: HMAC-SHA256 of the lower-cased email under a lookup key kept in
   * the key store (wrapped by the master key, so a rotation keeps every stream name).
   */
  async emailLookup(email: string): Promise<string> {
    const keys = await this.keysCreated([{ keyId: LOOKUP_KEY_ID, subject: 'system', category: 'system', expiresAt: null }]);
    return createHmac('sha256', keys.get(LOOKUP_KEY_ID)!.key).update(email.trim().toLowerCase()).digest('hex');
  }

  /** Destroys the subject's keys of these categories at once; returns how many. */
  async shred(subject: string, categories: readonly PersonalDataCategory[]): Promise<number> {
    const count = await this.records.shredSubject(subject, categories, this.now());
    for (const id of [...this.cache.keys()])
      if (categories.some((c) => id === `${c}:${subject}` || id.startsWith(`${c}:${subject}:`) || id.startsWith(`${c}:${subject}~`))) this.cache.set(id, { key: null, at: 0 });
    return count;
  }

  /** The subject's keys of a category are shredded by the retention job from `at` on. */
  expire(subject: string, category: PersonalDataCategory, at: Date): Promise<void> {
    return this.records.expireSubject(subject, category, at);
  }

  /** Shreds every key whose retention has ended (the daily retention job); counts per category. */
  async shredExpired(now: Date = this.now()): Promise<Record<string, number>> {
    const counts = await this.records.shredExpired(now);
    this.cache.clear();
    return counts;
  }

  /** Re-wraps every key still wrapped by a previous master key under the current one; returns how many. */
  async rewrap(): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.records.wrappedByOthers(this.masterKeys.current.id, 500);
      if (batch.length === 0) return total;
      for (const row of batch) {
        const key = this.unwrap(row.keyId, row.masterKeyId, row.wrapped);
        const { masterKeyId, wrapped } = this.wrap(key, row.keyId);
        await this.records.rewrap(row.keyId, masterKeyId, wrapped);
      }
      total += batch.length;
    }
  }
}

export class PersonalDataShreddedError extends Error {
  constructor(readonly keyId: string) {
    super(`Personal data under key ${keyId.split(':')[0]} has been erased: nothing more is written under it`);
    this.name = 'PersonalDataShreddedError';
  }
}

/** The listed personal fields of an event that are not stored encrypted (the store refuses such an event). */
export function unencryptedPersonalFields(type: string, data: unknown): string[] {
  const spec = PERSONAL_FIELDS[type as PlayQuidEventType];
  if (!spec || typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  return spec.fields
    .filter((f) => record[f.field] !== undefined && record[f.field] !== null && !isEncryptedValue(record[f.field]))
    .map((f) => f.field);
}
