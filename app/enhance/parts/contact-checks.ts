import {
  ORIGIN_FIELD,
  RECAPTCHA_FIELD,
  ROBOT_CHECK_MESSAGE,
  SEND_FAILED_MESSAGE,
  SOURCE_PAGE_FIELD,
} from "~/lib/contact";
import { parseContactSubmission } from "~/lib/schemas/contact-form";
import { trackContactAnswer } from "~/lib/data-layer";
import { sourcePage } from "~/lib/page-trail";
import { visitOriginField } from "~/lib/visit-origin";
import { RECAPTCHA_MESSAGES, renderRecaptcha, type RobotCheck } from "./recaptcha";
import { showToast } from "./toasts";

/**
 * The contact form in the browser: each field checked with the shared schema when it is left,
 * again as it is typed in once it was wrong; a submit checked the same way, then sent with fetch.
 * The server's answer is the page it would show without JavaScript (the same component renders
 * it): its form, or its success panel, replaces this one, and a toast says how it went.
 */
export function enhanceContactForm(root: HTMLElement) {
  const form = root.querySelector("form");
  if (!form) return;
  // An empty form, for 'Envoyer un autre message' after a success (a clone keeps what was typed:
  // reset to the server's values).
  const blank = form.cloneNode(true) as HTMLFormElement;
  blank.reset();
  wire(root, form, blank);
}

function wire(root: HTMLElement, form: HTMLFormElement, blank: HTMLFormElement) {
  const recaptchaContainer = form.querySelector<HTMLElement>("[data-recaptcha]");
  const robotCheck = recaptchaContainer !== null;
  let recaptcha: RobotCheck | null = null;
  if (recaptchaContainer) {
    recaptcha = renderRecaptcha(recaptchaContainer, recaptchaContainer.dataset.recaptcha!, (state) => {
      showProblem(form, state.problem);
      // Clear the "not a robot" message as soon as the box is ticked.
      if (state.token) showErrors(form, {}, [RECAPTCHA_FIELD]);
    });
  }
  const touched = new Set<string>();
  const check = (names?: string[]) => {
    const submission = parseContactSubmission(new FormData(form), robotCheck);
    showErrors(form, submission.status === "success" ? {} : (submission.error ?? {}), names);
    return submission;
  };
  form.addEventListener("focusout", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name || !form.querySelector(`[data-error-for="${name}"]`)) return;
    touched.add(name);
    check([name]);
  });
  form.addEventListener("input", (event) => {
    const field = event.target as HTMLInputElement;
    // Left once, or shown wrong (by a submit here or by the server's answer): checked as it is typed.
    if (touched.has(field.name) || field.getAttribute("aria-invalid") === "true") check([field.name]);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const source = form.elements.namedItem(SOURCE_PAGE_FIELD);
    if (source instanceof HTMLInputElement) source.value = sourcePage() ?? "";
    const origin = form.elements.namedItem(ORIGIN_FIELD);
    if (origin instanceof HTMLInputElement) origin.value = visitOriginField();
    if (recaptcha && !recaptcha.token) {
      if (!recaptcha.ready && !recaptcha.problem) showProblem(form, RECAPTCHA_MESSAGES.notLoaded);
      showToast("error", "Erreur de validation", ROBOT_CHECK_MESSAGE);
    }
    const submission = check();
    if (submission.status !== "success") {
      form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    void send(root, form, blank);
  });
}

async function send(root: HTMLElement, form: HTMLFormElement, blank: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  setPending(button, true);
  let answer: Document;
  let status: number;
  try {
    const response = await fetch(form.action, { method: "POST", body: new FormData(form) });
    status = response.status;
    answer = new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    setPending(button, false);
    showToast("error", "Erreur", SEND_FAILED_MESSAGE);
    return;
  }
  const next = answer.querySelector("[data-contact]");
  const outcome = status === 200 ? "success" : status === 400 ? "invalid" : "error";
  if (!next) {
    setPending(button, false);
    showToast("error", "Erreur", SEND_FAILED_MESSAGE);
    return;
  }
  const errors = Object.fromEntries(
    [...next.querySelectorAll<HTMLElement>("[data-error-for]:not([hidden])")].map((p) => [
      p.dataset.errorFor!,
      [p.textContent ?? ""],
    ]),
  );
  trackContactAnswer({ outcome, result: { error: errors } });
  root.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
  if (outcome === "success") {
    showToast("success", "Message envoyé", "Nous vous contacterons dans les plus brefs délais.");
    const panel = root.querySelector<HTMLElement>("[data-contact-success]");
    bringIntoView(panel);
    root.querySelector("[data-contact-again]")?.addEventListener("click", (event) => {
      event.preventDefault();
      const form = blank.cloneNode(true) as HTMLFormElement;
      root.replaceChildren(form);
      wire(root, form, blank);
      bringIntoView(form.querySelector("input:not([type=hidden])"));
    });
    return;
  }
  const again = root.querySelector("form")!;
  wire(root, again, blank);
  if (outcome === "error") {
    const message = again.querySelector("[data-send-error] [data-message]")?.textContent;
    showToast("error", "Erreur", message || SEND_FAILED_MESSAGE);
  } else if (errors[RECAPTCHA_FIELD]) {
    showToast("error", "Erreur de validation", errors[RECAPTCHA_FIELD][0]);
  }
  again.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
}

/** Shows `errors` (the field's first message) under each field named, or every field. */
function showErrors(form: HTMLFormElement, errors: Record<string, string[] | null>, names?: string[]) {
  for (const message of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const name = message.dataset.errorFor!;
    if (names && !names.includes(name)) continue;
    const error = errors[name]?.[0];
    message.textContent = error ?? "";
    message.hidden = !error;
    const target =
      name === RECAPTCHA_FIELD
        ? form.querySelector("[data-recaptcha]")
        : form.querySelector(`[name="${name}"]:not([type=hidden])`);
    if (error) {
      target?.setAttribute("aria-invalid", "true");
      target?.setAttribute("aria-describedby", message.id);
    } else {
      target?.removeAttribute("aria-invalid");
      target?.removeAttribute("aria-describedby");
    }
  }
}

function showProblem(form: HTMLFormElement, problem: string | null) {
  const alert = form.querySelector<HTMLElement>("[data-recaptcha-problem]");
  if (!alert) return;
  alert.querySelector("[data-message]")!.textContent = problem ?? "";
  alert.hidden = !problem;
}

function setPending(button: HTMLButtonElement, pending: boolean) {
  button.disabled = pending;
  button.querySelector<HTMLElement>("[data-idle]")!.hidden = pending;
  button.querySelector<HTMLElement>("[data-pending]")!.hidden = !pending;
}

/** The panel is much shorter than the form: bring it into view, and the form back likewise. */
function bringIntoView(element: HTMLElement | null) {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: "center", behavior: "smooth" });
}
