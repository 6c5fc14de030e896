import type { Migration } from "kysely";
import type { DialectName } from "./database.server";
import { foundation } from "./migrations/0001_foundation";
import { accounts } from "./migrations/0002_accounts";
import { catalog } from "./migrations/0003_catalog";
import { jobs } from "./migrations/0004_jobs";
import { securityAccounts } from "./migrations/0005_security_accounts";
import { securityFeeds } from "./migrations/0006_security_feeds";
import { predefinedDatasets } from "./migrations/0007_predefined_datasets";
import { subscriptionDatabases } from "./migrations/0008_subscription_databases";
import { adminAudit } from "./migrations/0009_admin_audit";
import { instancesAndSpecVersions } from "./migrations/0010_instances_and_spec_versions";
import { sandboxTrialKeys } from "./migrations/0011_sandbox_trial_keys";
import { sandboxRegistrations } from "./migrations/0012_sandbox_registrations";
import { sessionApiKeys } from "./migrations/0013_session_api_keys";
import { dataApiSessions } from "./migrations/0014_data_api_sessions";
import { dataApiSessionKeys } from "./migrations/0015_data_api_session_keys";
import { redactedSecrets } from "./migrations/0016_redacted_secrets";
import { userAdministration } from "./migrations/0017_user_administration";
import { adminApiKeys } from "./migrations/0018_admin_api_keys";
import { sessionDevices } from "./migrations/0019_session_devices";
import { subscriptionReminders } from "./migrations/0020_subscription_reminders";
import { deliveryHistory } from "./migrations/0021_delivery_history";
import { webhookSecrets } from "./migrations/0022_webhook_secrets";
import { sftpHostKeys } from "./migrations/0023_sftp_host_keys";
import { firstRunsFiltersAddresses } from "./migrations/0024_first_runs_filters_addresses";
import { grandfatheredAddresses } from "./migrations/0025_grandfathered_addresses";
import { runCounts } from "./migrations/0026_run_counts";
import { apiCallLog } from "./migrations/0027_api_call_log";
import { rateLimits } from "./migrations/0029_rate_limits";
import { latestValuesJsonColumn } from "./migrations/0030_latest_values_json";
import { seriesKeywordIndex } from "./migrations/0031_series_keyword_index";
import { seriesVersion } from "./migrations/0032_series_version";
import { migrationTypes } from "./migrations/types";

/**
 * Versioned migrations, one file each under migrations/, run in name order on SQLite and PostgreSQL alike.
 * Never edit a released migration: add a new file and its line here.
 */
export function getMigrations(dialect: DialectName): Record<string, Migration> {
  const types = migrationTypes(dialect);
  return {
    "0001_foundation": foundation(types),
    "0002_accounts": accounts(types),
    "0003_catalog": catalog(types),
    "0004_jobs": jobs(types),
    "0005_security_accounts": securityAccounts(types),
    "0006_security_feeds": securityFeeds(),
    "0007_predefined_datasets": predefinedDatasets(),
    "0008_subscription_databases": subscriptionDatabases(),
    "0009_admin_audit": adminAudit(types),
    "0010_instances_and_spec_versions": instancesAndSpecVersions(types),
    "0011_sandbox_trial_keys": sandboxTrialKeys(types),
    "0012_sandbox_registrations": sandboxRegistrations(types),
    "0013_session_api_keys": sessionApiKeys(types),
    "0014_data_api_sessions": dataApiSessions(types),
    "0015_data_api_session_keys": dataApiSessionKeys(),
    "0016_redacted_secrets": redactedSecrets(),
    "0017_user_administration": userAdministration(types),
    "0018_admin_api_keys": adminApiKeys(types),
    "0019_session_devices": sessionDevices(),
    "0020_subscription_reminders": subscriptionReminders(types),
    "0021_delivery_history": deliveryHistory(types),
    "0022_webhook_secrets": webhookSecrets(types),
    "0023_sftp_host_keys": sftpHostKeys(types),
    "0024_first_runs_filters_addresses": firstRunsFiltersAddresses(types),
    "0025_grandfathered_addresses": grandfatheredAddresses(),
    "0026_run_counts": runCounts(),
    "0027_api_call_log": apiCallLog(types),
    "0029_rate_limits": rateLimits(),
    "0030_latest_values_json": latestValuesJsonColumn(),
    "0031_series_keyword_index": seriesKeywordIndex(dialect),
    "0032_series_version": seriesVersion(dialect),
  };
}
