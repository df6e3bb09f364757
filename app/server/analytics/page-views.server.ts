import { createHmac } from "node:crypto";
import { isbot } from "isbot";
import { z } from "zod";
import { localPagePath } from "~/lib/safe-redirect";
import { db } from "~/server/db/client.server";
import { pageViews } from "~/server/db/schema";
import { authSecret } from "~/server/secrets.server";
import { throttleKeyOfAddress } from "~/server/security/client-ip.server";
import { createRateLimiter } from "~/server/security/rate-limit.server";
import { utmValue } from "./utm.server";
import { visitorHash } from "./visitors.server";

/**
 * First-party page-view counting that needs no consent: no cookie, no IP address or user agent
 * kept. A row is a path, the referring site's host, a device class from the viewport width, the
 * UTM values of the page's address (decision 029) and the day's visitor hash (see visitors.server.ts).
 */
export const beaconSchema = z.object({
  path: z.string().startsWith("/").max(512),
  referrer: z.string().max(2048).optional().nullable(),
  width: z.number().int().min(0).max(20_000),
  utmSource: utmValue.optional(),
  utmMedium: utmValue.optional(),
  utmCampaign: utmValue.optional(),
});
export type BeaconPayload = z.infer<typeof beaconSchema>;

/** Breakpoints of public-site.md §9: mobile under 768 px, tablet under 1024. */
export function deviceType(width: number) {
  if (width < 768) return "mobile";
  if (width < 1024) return "tablet";
  return "desktop";
}

/** The referring site's host, or null for none, an unreadable value or our own site. */
export function referrerHost(referrer: string | null | undefined, ownHost: string) {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host && host !== ownHost.toLowerCase() ? host : null;
  } catch {
    return null;
  }
}

// Generous for a person browsing, tight for a script inflating the counts.
const limiter = createRateLimiter({ keyPrefix: "beacon", points: 60, durationSeconds: 60 });

export type BeaconResult = "recorded" | "ignored" | "limited";

export async function recordPageView(input: {
  payload: BeaconPayload;
  userAgent: string | null;
  clientIp: string;
  ownHost: string;
  /** A signed-in member of staff: their own visits are not the audience. */
  staff: boolean;
}): Promise<BeaconResult> {
  // Shown as a link in 'Statistiques': a path another site could hide in is not a page view.
  const path = localPagePath(input.payload.path);
  if (!path || input.staff || isbot(input.userAgent ?? "") || /^\/admin(\/|$)/.test(path)) return "ignored";
  // The limiter's key must not be the address itself: a keyed hash, forgotten within a minute.
  const ipKey = createHmac("sha256", authSecret())
    .update(throttleKeyOfAddress(input.clientIp))
    .digest("base64url")
    .slice(0, 22);
  if (!(await limiter.consume(ipKey))) return "limited";
  await db()
    .insert(pageViews)
    .values({
      path,
      referrer: referrerHost(input.payload.referrer, input.ownHost),
      deviceType: deviceType(input.payload.width),
      utmSource: input.payload.utmSource ?? null,
      utmMedium: input.payload.utmMedium ?? null,
      utmCampaign: input.payload.utmCampaign ?? null,
      visitorHash: await visitorHash(input.clientIp, input.userAgent ?? ""),
    });
  return "recorded";
}
