import { companyContact } from "~/lib/company-contact";
import { formatLongDate } from "~/lib/format-date";
import { getPublicSettings } from "~/server/settings.server";

/** What both legal pages load: today's date as their update date, and the company's contact block. */
export async function loadLegalPage() {
  const settings = await getPublicSettings();
  return { updatedOn: formatLongDate(new Date()), contact: companyContact(settings) };
}
