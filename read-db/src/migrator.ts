import { type Kysely, type Migration, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import * as initialReadModel from './migrations/1763830000000-InitialReadModel';
import * as payouts from './migrations/1795400000000-Payouts';
import * as statementEntries from './migrations/1795500000000-StatementEntries';
import * as offers from './migrations/1795600000000-Offers';
import * as callbackIntakeHardening from './migrations/1795710000000-CallbackIntakeHardening';
import * as payoutReview from './migrations/1795700000000-PayoutReview';
import * as uniqueEmails from './migrations/1795720000000-UniqueEmails';
import * as userBans from './migrations/1795810000000-UserBans';
import * as blogs from './migrations/1795800000000-Blogs';
import * as replayChangedProjections from './migrations/1795900000000-ReplayChangedProjections';
import * as eventsTable from './migrations/1795910000000-EventsTable';
import * as memberRowNotifications from './migrations/1795920000000-MemberRowNotifications';
import * as payoutRewardStates from './migrations/1796000000000-PayoutRewardStates';
import * as listIndexes from './migrations/1796100000000-ListIndexes';
import * as projectionCommitNotifications from './migrations/1796200000001-ProjectionCommitNotifications';
import * as counters from './migrations/1796300000000-Counters';
import * as walletSnapshots from './migrations/1796300000001-WalletSnapshots';
import * as moneySortIndexes from './migrations/1796300000002-MoneySortIndexes';
import * as claims from './migrations/1796400000001-Claims';
import * as logCheckpoints from './migrations/1796500000001-LogCheckpoints';
import * as partnerHolds from './migrations/1796500000002-PartnerHolds';
import * as personalDataKeys from './migrations/1796600000000-PersonalDataKeys';
import * as statementAsOfIndex from './migrations/1796800000001-StatementAsOfIndex';
import * as offerStartCounters from './migrations/1796900000000-OfferStartCounters';

/** Migrations are listed here (not read from disk) so the compiled package needs no file globbing. */
const migrations: Record<string, Migration> = {
  '1763830000000-InitialReadModel': initialReadModel,
  '1795400000000-Payouts': payouts,
  '1795500000000-StatementEntries': statementEntries,
  '1795600000000-Offers': offers,
  '1795710000000-CallbackIntakeHardening': callbackIntakeHardening,
  '1795700000000-PayoutReview': payoutReview,
  '1795720000000-UniqueEmails': uniqueEmails,
  '1795810000000-UserBans': userBans,
  '1795800000000-Blogs': blogs,
  '1795900000000-ReplayChangedProjections': replayChangedProjections,
  '1795910000000-EventsTable': eventsTable,
  '1795920000000-MemberRowNotifications': memberRowNotifications,
  '1796000000000-PayoutRewardStates': payoutRewardStates,
  '1796100000000-ListIndexes': listIndexes,
  '1796200000001-ProjectionCommitNotifications': projectionCommitNotifications,
  '1796300000000-Counters': counters,
  '1796300000001-WalletSnapshots': walletSnapshots,
  '1796300000002-MoneySortIndexes': moneySortIndexes,
  '1796400000001-Claims': claims,
  '1796500000001-LogCheckpoints': logCheckpoints,
  '1796500000002-PartnerHolds': partnerHolds,
  '1796600000000-PersonalDataKeys': personalDataKeys,
  '1796800000001-StatementAsOfIndex': statementAsOfIndex,
  '1796900000000-OfferStartCounters': offerStartCounters,
};

export function createMigrator(db: Kysely<any>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
}

function check(result: MigrationResultSet): MigrationResultSet {
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

export const migrateToLatest = async (db: Kysely<any>, schema?: string) =>
  check(await createMigrator(db, schema).migrateToLatest());

export const migrateDown = async (db: Kysely<any>, schema?: string) =>
  check(await createMigrator(db, schema).migrateDown());

export const migrateAllDown = async (db: Kysely<any>, schema?: string) =>
  check(await createMigrator(db, schema).migrateTo(NO_MIGRATIONS));
