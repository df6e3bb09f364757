import { parseConsent, type Consent } from "~/lib/consent";
import { GA4_ID_PATTERN, GTM_ID_PATTERN } from "~/lib/tracking-ids";
import { config } from "~/server/config.server";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { db } from "~/server/db/client.server";
import { gtmSettings } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/** What the public layout needs for the consent banner and the tag manager. */
export type TrackingState = {
  /** The visitor's choice from the `consent` cookie; null shows the banner. */
  consent: Consent | null;
  /** Set only when the tracking record is enabled and has a container id (public-site.md §4). */
  tagManager: TagManager | null;
};
export type TagManager = { gtmId: string; ga4Id: string | null; allowedHosts: string[] };

export async function getTrackingState(request: Request): Promise<TrackingState> {
  return { consent: parseConsent(request.headers.get("Cookie")), tagManager: await getTagManager() };
}

const getTagManager = cachedUntilContentChanges(readTagManager, {
  fallback: null,
  failure: "tracking settings read failed; tag manager off",
});

async function readTagManager(): Promise<TagManager | null> {
  const [row] = await db().select().from(gtmSettings).limit(1);
  const gtmId = row?.gtmId?.trim().toUpperCase();
  if (!row?.isEnabled || !gtmId) return null;
  if (!GTM_ID_PATTERN.test(gtmId)) {
    logger.warn({ gtmId }, "tracking: the container id is not of the GTM-XXXXXXX form; tag manager off");
    return null;
  }
  const ga4Id = row.ga4Id?.trim().toUpperCase() || null;
  return { gtmId, ga4Id: ga4Id && GA4_ID_PATTERN.test(ga4Id) ? ga4Id : null, allowedHosts: allowedHosts() };
}

/**
 * Hosts where the tag manager may run (public-site.md §9): the production domain and its www
 * variant, and the local machine. A copy of the site served elsewhere does not report into
 * the company's container.
 */
function allowedHosts() {
  const host = new URL(config.publicUrl).hostname;
  const bare = host.replace(/^www\./, "");
  return [...new Set([bare, `www.${bare}`, host, "localhost", "127.0.0.1"])];
}
