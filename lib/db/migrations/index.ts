import type { Migration, MigrationProvider } from "kysely";
import { initialMigration } from "./2026-11-21-initial";
import { rateLimitsMigration } from "./2026-11-22-rate-limits";
import { rateLimiterMigration } from "./2026-11-23-rate-limiter";
import { contentChangesMigration } from "./2026-11-23-content-changes";
import { directoryDecisionDataMigration } from "./2026-11-24-directory-decision-data";
import { lawFactsMigration } from "./2026-11-24-laws-facts";
import { deliveryOutboxMigration } from "./2026-11-25-delivery-outbox";
import { directoryOfficesMigration } from "./2026-11-24-directory-offices";
import { directoryOwnCityMigration } from "./2026-11-26-directory-own-city";
import { lawFactsVerifiedMigration } from "./2026-11-26-law-facts-verified";
import { workspaceMigration } from "./2026-11-26-workspace";
import { leadEmailConfirmationMigration } from "./2026-11-27-lead-email-confirmation";
import { leadSubmissionHashMigration } from "./2026-11-27-lead-submission-hash";
import { outboxRetentionMigration } from "./2026-11-27-outbox-retention";
import { confirmationMailboxesMigration } from "./2026-11-28-confirmation-mailboxes";
import { rateLimitWindowsMigration } from "./2026-11-29-rate-limit-windows";
import { proposalsMigration } from "./2026-11-29-proposals";
import { seoSocialFieldsMigration } from "./2026-11-30-seo-social-fields";
import { operatorInboxTasksMigration } from "./2026-12-02-operator-inbox-tasks";
import { confirmationPlaceMigration } from "./2026-12-02-sec-service-confirmation-place";
import { managersImportMigration } from "./2026-12-07-managers-import";
import { listingUpdatedAtMigration } from "./2026-12-07-updated-at";
import { listingSelfServiceMigration } from "./2026-12-07-listing-self-service";
import { redirectsMigration } from "./2026-12-07-redirects";
import { pageSettingsMigration } from "./2026-12-07-page-settings";

/**
 * A static list of migrations: a file-system provider does not survive the Next.js bundler.
 * Names sort in the order they apply.
 */
export function migrationProvider(dialect: "sqlite" | "postgres"): MigrationProvider {
  const migrations: Record<string, Migration> = {
    "2026-11-21-initial": initialMigration(dialect),
    "2026-11-22-rate-limits": rateLimitsMigration(),
    "2026-11-23-rate-limiter": rateLimiterMigration(),
    "2026-11-23-content-changes": contentChangesMigration(dialect),
    "2026-11-24-directory-decision-data": directoryDecisionDataMigration(dialect),
    "2026-11-24-laws-facts": lawFactsMigration(dialect),
    "2026-11-25-delivery-outbox": deliveryOutboxMigration(dialect),
    "2026-11-24-directory-offices": directoryOfficesMigration(dialect),
    "2026-11-26-directory-own-city": directoryOwnCityMigration(),
    "2026-11-26-law-facts-verified": lawFactsVerifiedMigration(),
    "2026-11-26-workspace": workspaceMigration(dialect),
    "2026-11-27-lead-email-confirmation": leadEmailConfirmationMigration(),
    "2026-11-27-lead-submission-hash": leadSubmissionHashMigration(),
    "2026-11-27-outbox-retention": outboxRetentionMigration(),
    "2026-11-28-confirmation-mailboxes": confirmationMailboxesMigration(),
    "2026-11-29-rate-limit-windows": rateLimitWindowsMigration(),
    "2026-11-29-proposals": proposalsMigration(dialect),
    "2026-11-30-seo-social-fields": seoSocialFieldsMigration(),
    "2026-12-02-operator-inbox-tasks": operatorInboxTasksMigration(dialect),
    "2026-12-02-sec-service-confirmation-place": confirmationPlaceMigration(),
    "2026-12-07-managers-import": managersImportMigration(),
    "2026-12-07-updated-at": listingUpdatedAtMigration(),
    "2026-12-07-listing-self-service": listingSelfServiceMigration(dialect),
    "2026-12-07-redirects": redirectsMigration(),
    "2026-12-07-page-settings": pageSettingsMigration(),
  };
  return { getMigrations: async () => migrations };
}
