import { z } from "zod";
import { localPagePath } from "~/lib/safe-redirect";
import { deviceType, referrerHost } from "~/server/analytics/page-views.server";
import { utmValue } from "~/server/analytics/utm.server";
import { contacts } from "~/server/db/schema";

/** Where a quote request's visit came from, as stored on the request (decision 029). */
export type ContactOrigin = {
  landingPage: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  deviceType: string | null;
  formPage: string | null;
};

/** The columns that hold a request's origin, to select them. */
export const contactOriginColumns = {
  landingPage: contacts.landingPage,
  referrerHost: contacts.referrerHost,
  utmSource: contacts.utmSource,
  utmMedium: contacts.utmMedium,
  utmCampaign: contacts.utmCampaign,
  deviceType: contacts.deviceType,
  formPage: contacts.formPage,
};

/** A path of the public site: no other site, no back office, no query string, bounded. */
export function publicPath(value: string): string | null {
  const path = localPagePath(value);
  if (!path || path.length > 512) return null;
  return /^\/admin(\/|$)/.test(path) ? null : path;
}

/** The request's Referer when it is a page of this site (the page the form was posted from). */
export function ownPageOf(referer: string | null, ownHost: string | null): URL | null {
  if (!referer || !ownHost) return null;
  try {
    const url = new URL(referer);
    return url.host === ownHost ? url : null;
  } catch {
    return null;
  }
}

/** What the form's script sends (app/lib/visit-origin.ts); anything unreadable is left out. */
const originField = z
  .object({
    landingPage: z.string().max(2048).catch(""),
    referrer: z.string().max(2048).catch(""),
    utmSource: utmValue.catch(null),
    utmMedium: utmValue.catch(null),
    utmCampaign: utmValue.catch(null),
    width: z.number().int().min(0).max(20_000).nullable().catch(null),
    formPage: z.string().max(2048).catch(""),
  })
  .partial();

function parseOriginField(field: FormDataEntryValue | null) {
  if (typeof field !== "string" || !field) return null;
  try {
    const parsed = originField.safeParse(JSON.parse(field));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The origin of a posted request. With scripts, the visit's first page, referrer and UTM values
 * the form sent. Without (or when the tab kept nothing), what the Referer tells: the page the form
 * was on and the UTM values of its address; that page is then the visit's first page only when
 * those values say a campaign's link led there. The referring site is never known then.
 */
export function contactOriginOf(
  field: FormDataEntryValue | null,
  referer: string | null,
  ownHost: string | null,
): ContactOrigin {
  const sent = parseOriginField(field);
  const formUrl = ownPageOf(referer, ownHost);
  const formPage = publicPath(sent?.formPage ?? "") ?? (formUrl ? publicPath(formUrl.pathname) : null);
  const landingPage = publicPath(sent?.landingPage ?? "");
  if (sent && landingPage) {
    return {
      landingPage,
      referrerHost: ownHost ? referrerHost(sent.referrer, ownHost.replace(/:\d+$/, "")) : null,
      utmSource: sent.utmSource ?? null,
      utmMedium: sent.utmMedium ?? null,
      utmCampaign: sent.utmCampaign ?? null,
      deviceType: sent.width == null ? null : deviceType(sent.width),
      formPage,
    };
  }
  const params = formUrl?.searchParams;
  const utm = {
    utmSource: utmValue.parse(params?.get("utm_source")),
    utmMedium: utmValue.parse(params?.get("utm_medium")),
    utmCampaign: utmValue.parse(params?.get("utm_campaign")),
  };
  const fromCampaign = Boolean(utm.utmSource || utm.utmMedium || utm.utmCampaign);
  return {
    landingPage: fromCampaign ? formPage : null,
    referrerHost: null,
    ...utm,
    deviceType: null,
    formPage,
  };
}
