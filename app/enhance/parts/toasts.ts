/**
 * Toasts on the public pages (a form's answer, a redirect's message): a live region at the
 * bottom right, each message dismissed by its button or after a few seconds (`.toast` in app.css).
 * The back office keeps sonner.
 */
export type ToastType = "success" | "error" | "info";

const SHOWN_MS = 6_000;
let region: HTMLElement | undefined;

export function showToast(type: ToastType, title: string, description?: string) {
  if (!region) {
    region = document.createElement("section");
    region.className = "toasts";
    region.setAttribute("aria-label", "Notifications");
    region.setAttribute("aria-live", "polite");
    document.body.append(region);
  }
  const toast = document.createElement("div");
  toast.className = "toast";
  toast.dataset.type = type;
  toast.setAttribute("role", type === "error" ? "alert" : "status");
  const heading = document.createElement("p");
  heading.className = "toast-title";
  heading.textContent = title;
  toast.append(heading);
  if (description) {
    const text = document.createElement("p");
    text.textContent = description;
    toast.append(text);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", "Fermer la notification");
  close.textContent = "×";
  close.addEventListener("click", () => toast.remove());
  toast.append(close);
  region.append(toast);
  window.setTimeout(() => toast.remove(), SHOWN_MS);
}
