/**
 * The data layer the tag manager reads (public-site.md §7 events). Pushing is always safe: on the
 * server it does nothing; in the browser the events wait in window.dataLayer, which never leaves
 * the page unless the visitor consented and the tag manager was loaded.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type DataLayerEvent =
  | "page_view"
  | "homepage_loaded"
  | "scroll_depth"
  | "section_view"
  | "user_engagement"
  | "service_interest"
  | "form_submission"
  | "lead_generated"
  | "generate_lead"
  | "form_error"
  | "form_exception";

export function pushDataLayer(event: DataLayerEvent, params: Record<string, unknown> = {}) {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push({ event, ...params });
}
