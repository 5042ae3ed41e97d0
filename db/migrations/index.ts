import type { Migration } from 'kysely/migration';
import * as catalogue from './0001_catalogue.ts';
import * as accounts from './0002_accounts.ts';
import * as rebuilds from './0003_rebuilds.ts';
import * as accountMail from './0004_account_mail.ts';
import * as catalogueVersion from './0005_catalogue_version.ts';
import * as importJobs from './0006_import_jobs.ts';
import * as viewDedupe from './0007_view_dedupe.ts';
import * as tmdbSync from './0009_tmdb_sync.ts';
import * as securityHousekeeping from './0010_security_housekeeping.ts';
import * as oneImportJob from './0011_one_import_job.ts';
import * as catalogueSnapshots from './0012_catalogue_snapshots.ts';
import * as snapshotEncoding from './0013_snapshot_encoding.ts';
import * as catalogueChanges from './0014_catalogue_changes.ts';
import * as adminOwnership from './0015_admin_ownership.ts';
import * as securityFourthPass from './0016_security_fourth_pass.ts';
import * as watchProviders from './0017_watch_providers.ts';
import * as historyCalendar from './0018_history_calendar.ts';
import * as databaseIdentity from './0019_database_identity.ts';
import * as peopleWithPages from './0020_people_with_pages.ts';
import * as titleOrderKeys from './0021_title_order_keys.ts';
import * as recencyIndexOrder from './0022_recency_index_order.ts';

/** Listed statically so migrations bundle into serverless functions and run from any entry point. */
export const migrations: Record<string, Migration> = {
  '0001_catalogue': catalogue,
  '0002_accounts': accounts,
  '0003_rebuilds': rebuilds,
  '0004_account_mail': accountMail,
  '0005_catalogue_version': catalogueVersion,
  '0006_import_jobs': importJobs,
  '0007_view_dedupe': viewDedupe,
  '0009_tmdb_sync': tmdbSync,
  '0010_security_housekeeping': securityHousekeeping,
  '0011_one_import_job': oneImportJob,
  '0012_catalogue_snapshots': catalogueSnapshots,
  '0013_snapshot_encoding': snapshotEncoding,
  '0014_catalogue_changes': catalogueChanges,
  '0015_admin_ownership': adminOwnership,
  '0016_security_fourth_pass': securityFourthPass,
  '0017_watch_providers': watchProviders,
  '0018_history_calendar': historyCalendar,
  '0019_database_identity': databaseIdentity,
  '0020_people_with_pages': peopleWithPages,
  '0021_title_order_keys': titleOrderKeys,
  '0022_recency_index_order': recencyIndexOrder,
};
