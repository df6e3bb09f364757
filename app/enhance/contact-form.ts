/**
 * The contact form's code (its checks with the shared schema, the robot check, the answer shown
 * in place) loads when a visitor is about to use the form: pointing at it, touching it or focusing
 * a field; at once when the robot check is on (its widget must show before a visitor can send).
 * Until then the form is plain HTML that posts to /contact; a submit that comes first waits for
 * the code, then goes through its checks.
 */
const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

for (const root of document.querySelectorAll<HTMLElement>("[data-contact]")) {
  let loading: Promise<void> | undefined;
  let ready = false;
  const load = () =>
    (loading ??= import("./parts/contact-checks").then(({ enhanceContactForm }) => {
      enhanceContactForm(root);
      ready = true;
    }));
  root.addEventListener("submit", (event) => {
    if (ready) return;
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    void load().then(() => form.requestSubmit(event.submitter));
  });
  if (
    root.querySelector("[data-recaptcha]") ||
    root.contains(document.activeElement) ||
    root.matches(":hover")
  ) {
    void load();
  } else {
    for (const name of INTENT_EVENTS)
      root.addEventListener(name, () => void load(), { once: true, passive: true });
  }
}
