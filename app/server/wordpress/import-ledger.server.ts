import { eq } from "drizzle-orm";
import type { ImportedEntityType } from "~/lib/enums";
import type { ImportKind, ImportOutcome, ImportReport } from "~/lib/admin/wordpress-import";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { recordLegacyRedirects } from "~/server/content/legacy-redirects.server";
import { db } from "~/server/db/client.server";
import { wordpressItems } from "~/server/db/schema";
import { distinctSources, emptyCounts, sameValues } from "./report.server";

/** Past this many, warnings are counted rather than listed. */
const MAX_WARNINGS = 200;

/**
 * What an import keeps besides the content it writes: the report (counts, warnings, redirects),
 * the WordPress key of each row it made (wordpress_items, so that importing the file again
 * updates them) and the old addresses turned into 301s. import.server.ts reads the file.
 */
export class ImportLedger {
  readonly report: ImportReport;
  private hiddenWarnings = 0;

  constructor(
    protected readonly context: MutationContext,
    protected readonly dryRun: boolean,
  ) {
    this.report = { dryRun, counts: emptyCounts(), redirects: 0, warnings: [] };
  }

  protected count(kind: ImportKind, outcome: ImportOutcome) {
    this.report.counts[kind][outcome] += 1;
  }

  warn(message: string) {
    if (this.report.warnings.length < MAX_WARNINGS) this.report.warnings.push(message);
    else this.hiddenWarnings += 1;
  }

  finish() {
    if (this.hiddenWarnings > 0)
      this.report.warnings.push(`… et ${this.hiddenWarnings} autres avertissements`);
    return this.report;
  }

  /** The row an earlier import made of this WordPress key, if it still exists. */
  protected async known(key: string) {
    const [row] = await db()
      .select({ entityId: wordpressItems.entityId })
      .from(wordpressItems)
      .where(eq(wordpressItems.key, key));
    return row?.entityId ?? null;
  }

  protected remember(m: MutationScope, key: string, entityType: ImportedEntityType, entityId: string) {
    return m.tx
      .insert(wordpressItems)
      .values({ key, entityType, entityId })
      .onConflictDoUpdate({
        target: wordpressItems.key,
        set: { entityType, entityId, updatedAt: new Date() },
      });
  }

  protected redirects(
    m: MutationScope,
    target: Parameters<typeof recordLegacyRedirects>[1],
    addresses: (string | null)[],
  ) {
    return recordLegacyRedirects(
      m.tx,
      target,
      addresses.filter((address): address is string => address !== null),
    ).then((recorded) => {
      this.report.redirects += recorded;
    });
  }

  /** Counts the redirects a dry run would record. */
  protected countRedirects(addresses: (string | null)[]) {
    this.report.redirects += distinctSources(addresses);
  }

  /**
   * One item in one transaction: `save` writes the row, its links, its key and its redirects, and
   * says whether anything changed. In a dry run only the outcome is counted.
   */
  protected async write(
    kind: "articles" | "pages",
    existing: Record<string, unknown> | undefined,
    values: Record<string, unknown>,
    addresses: (string | null)[],
    save: (m: MutationScope) => Promise<{ changed: boolean }>,
  ) {
    if (this.dryRun) {
      this.count(kind, !existing ? "created" : sameValues(existing, values) ? "unchanged" : "updated");
      this.countRedirects(addresses);
      return;
    }
    const { changed } = await mutate(this.context, save);
    this.count(kind, !existing ? "created" : changed ? "updated" : "unchanged");
  }
}
