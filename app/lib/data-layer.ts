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

/** The contact form's events (public-site.md §7): a lead on success, form_error otherwise. */
export function trackContactAnswer(answer: {
  outcome: "success" | "invalid" | "error";
  result: { error?: Record<string, unknown> | null };
}) {
  const form = { form_id: "contact-form", page_path: window.location.pathname };
  if (answer.outcome === "success") {
    pushDataLayer("form_submission", form);
    pushDataLayer("lead_generated", form);
    pushDataLayer("generate_lead", form);
  } else {
    pushDataLayer("form_error", {
      ...form,
      error_type: answer.outcome === "error" ? "send_failed" : "validation",
      error_fields: Object.keys(answer.result.error ?? {}),
    });
  }
}
