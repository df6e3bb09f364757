// `npm run test:migrations`: lints, with Squawk (squawk-cli, its Linux binary from npm), every SQL
// migration added after the baseline below, for what the previous release cannot run beside
// (docs/decisions/025-expand-contract-migrations.md; rules in .squawk.toml). Exits 1 on any finding.
// `node scripts/check-migrations.js DIR` lints DIR instead of the app's migrations (tests).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/** Released before the check existed: accepted as they are (several would not pass it). */
export const BASELINE = new Set([
  "0000_init",
  "0001_change_notifications",
  "0002_back_office_history",
  "0003_analytics_rollups_and_inbox",
  "0004_end_sessions_on_credential_change",
  "0005_csp_directives",
  "0006_contact_confirmation_without_message",
  "0007_contacts_search",
  "0008_admin_list_order",
  "0009_contact_status_counts",
  "0010_staff_events",
  "0011_contact_spam",
  "0012_backups",
  "0013_two_factor",
  "0014_wordpress_import",
  "0015_legacy_redirects_notify",
  "0016_accounts_reset_first_admin",
  "0017_content_drafts",
  "0018_contact_workflow",
  "0019_staff_event_on_assignment",
  "0020_trash",
  "0021_audit_journal",
  "0022_redirects",
  "0023_redirects_notify",
  "0024_analytics_monthly",
  "0025_analytics_monthly_backfill",
  "0026_seo_lists_at_scale",
  "0027_contact_daily_counts",
  "0028_content_counts_and_title_search",
  "0029_audit_label_statistics",
  "0030_audit_labels",
  "0031_contacts_inbox_order",
]);

const root = path.resolve(import.meta.dirname, "..");
const folder = path.resolve(process.argv[2] ?? path.join(root, "app/server/db/migrations"));
const added = readdirSync(folder)
  .filter((file) => file.endsWith(".sql") && !BASELINE.has(file.slice(0, -4)))
  .sort();

if (added.length === 0) {
  console.log("Migrations: none added after the baseline.");
} else {
  const squawk = spawnSync(
    path.join(root, "node_modules/.bin/squawk"),
    ["--config", path.join(root, ".squawk.toml"), ...added.map((file) => path.join(folder, file))],
    { stdio: "inherit" },
  );
  if (squawk.error) throw squawk.error;
  if (squawk.status !== 0) {
    console.error(
      "\nA migration above is unsafe while the previous release runs: expand now, contract in a later" +
        " release (docs/deploy.md, 'Migrations'). A finding that is safe here may be waived in the file" +
        " with a line `-- squawk-ignore RULE` above it and the reason on the line before.",
    );
    process.exit(1);
  }
  console.log(`Migrations: ${added.length} added after the baseline, all safe beside the previous release.`);
}
