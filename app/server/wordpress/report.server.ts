import { legacySource } from "~/server/content/legacy-redirects.server";
import {
  importKindLabels,
  importKinds,
  importOutcomeLabels,
  importOutcomes,
  type ImportCounts,
  type ImportKind,
  type ImportReport,
} from "~/lib/admin/wordpress-import";

// What a WordPress import tells: its counts, and the report the command prints.

/** Every kind with every outcome at zero: where an import starts counting. */
export function emptyCounts(): Record<ImportKind, ImportCounts> {
  return Object.fromEntries(
    importKinds.map((kind) => [kind, Object.fromEntries(importOutcomes.map((outcome) => [outcome, 0]))]),
  ) as Record<ImportKind, ImportCounts>;
}

/** The report as the command prints it: one line per kind, the redirects, then the warnings. */
export function formatImportReport(report: ImportReport): string {
  const lines = importKinds
    .filter((kind) => Object.values(report.counts[kind]).some((count) => count > 0))
    .map((kind) => {
      const counts = report.counts[kind];
      const parts = importOutcomes.map(
        (outcome) => `${counts[outcome]} ${importOutcomeLabels[outcome].toLowerCase()}`,
      );
      return `${importKindLabels[kind].padEnd(16)} ${parts.join(", ")}`;
    });
  lines.push(`Anciennes adresses redirigées (301) : ${report.redirects}`);
  if (report.warnings.length > 0) lines.push("Avertissements :", ...report.warnings.map((w) => `  - ${w}`));
  if (report.dryRun) lines.push("Simulation : rien n'a été écrit.");
  return lines.join("\n");
}

/** The rows an import compares before writing: equal values are not a change. */
export function sameValues(row: Record<string, unknown>, values: Record<string, unknown>) {
  return Object.entries(values).every(([key, value]) => {
    const stored = row[key];
    if (stored instanceof Date || value instanceof Date)
      return (
        (stored as Date | null)?.getTime?.() === (value as Date | null)?.getTime?.() ||
        (stored === null && value === null)
      );
    return (stored ?? null) === (value ?? null);
  });
}

/** A path of the old site (its permalink), or null when the link is not on the old site. */
export function oldAddress(link: string, siteUrls: string[]) {
  const site = siteUrls.find((base) => link.startsWith(base));
  if (!site) return null;
  const rest = link.slice(site.length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** How many redirects these addresses make (a dry run's estimate: a row's own address is counted). */
export function distinctSources(addresses: (string | null)[]) {
  return new Set(addresses.flatMap((address) => (address ? [legacySource(address)] : []))).size;
}
