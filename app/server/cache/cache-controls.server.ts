import { sql } from "drizzle-orm";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { CONTENT_CHANGED_CHANNEL } from "~/server/db/notifications.server";
import { clearPageCache } from "./page-cache.server";
import { siteSettings } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings.server";
import { MissingSettingsError } from "~/server/settings/settings-form.server";

/**
 * The back office's cache switch: `enable_cache` decides whether anonymous pages are kept in each
 * instance's page cache (html-cache.server.ts reads it through the public settings). The row's
 * trigger tells every instance, which drops its stored pages either way.
 */
export async function setCacheEnabled(context: MutationContext, enabled: boolean) {
  const current = await getSiteSettings();
  if (!current) throw new MissingSettingsError();
  await mutate(context, (m) =>
    m.update(
      siteSettings,
      current.id,
      { enableCache: enabled },
      { action: enabled ? "enable_cache" : "disable_cache" },
    ),
  );
}

/**
 * Empties the page cache of every instance: the same notification the content triggers raise,
 * sent when the audited transaction commits, so each instance clears its store. This one clears
 * at once, so the next page it serves after the answer is fresh.
 */
export async function clearPageCacheEverywhere(context: MutationContext) {
  await mutate(context, async (m) => {
    await m.tx.execute(sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, 'page_cache')`);
    await m.audit({ action: "clear_cache", entityType: "page_cache" });
  });
  clearPageCache();
}
