/** Smooth unless the visitor asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** Scrolls to a home section; without it, to the page bottom (where the footer's contact details are). */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (target) target.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
  else window.scrollTo({ top: document.documentElement.scrollHeight, behavior: scrollBehavior() });
}

/** A click that means "follow this link here" (not a new tab or window). */
export function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
