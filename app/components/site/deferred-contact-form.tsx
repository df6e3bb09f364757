import { lazy, Suspense, useEffect, useRef } from "react";
import type { ContactFormProps } from "./contact-form";

let wantForm: () => void = () => {};
const formWanted = new Promise<void>((resolve) => {
  wantForm = resolve;
});
let hydrated = false;
let markHydrated: () => void = () => {};
const formHydrated = new Promise<void>((resolve) => {
  markHydrated = () => {
    hydrated = true;
    resolve();
  };
});

const ContactForm = lazy(async () => {
  // The server renders the form at once; a browser waits for a visitor about to use it.
  if (!import.meta.env.SSR) await formWanted;
  const module = await import("./contact-form");
  return { default: module.ContactForm };
});

/** Events that announce a visitor about to use the form (they bubble up to the wrapper). */
const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

/**
 * The contact form, its code (form library, checks, reCAPTCHA) fetched when a visitor is about to
 * use it: pointing at it, touching it or focusing a field. Until then the server's HTML stays as it
 * is, a plain form that posts without JavaScript; React hydrates it once the code is there. A
 * submit that comes first waits for it, then goes through the form's own checks.
 */
export function DeferredContactForm(props: ContactFormProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = wrapper.current!;
    // Reached by client navigation (no server HTML stands in for the form), or with the robot
    // check on (its widget must show before a visitor can send): load it now.
    if (!element.firstElementChild || props.recaptchaSiteKey) return wantForm();
    const submitLater = (event: SubmitEvent) => {
      if (hydrated) return;
      event.preventDefault();
      wantForm();
      const form = event.target as HTMLFormElement;
      void formHydrated.then(() => form.requestSubmit(event.submitter));
    };
    // The visitor may already be there: a field focused or the pointer over it before this ran.
    if (element.contains(document.activeElement) || element.querySelector(":hover")) wantForm();
    for (const name of INTENT_EVENTS) element.addEventListener(name, wantForm, { once: true, passive: true });
    element.addEventListener("submit", submitLater);
    return () => {
      for (const name of INTENT_EVENTS) element.removeEventListener(name, wantForm);
      element.removeEventListener("submit", submitLater);
    };
  }, [props.recaptchaSiteKey]);
  return (
    <div ref={wrapper} className="contents">
      <Suspense fallback={null}>
        <ContactForm {...props} />
        <Hydrated />
      </Suspense>
    </div>
  );
}

/** Rendered with the form: its effect runs once React owns the form. */
function Hydrated() {
  useEffect(() => markHydrated(), []);
  return null;
}
