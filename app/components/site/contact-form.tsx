import { clsx } from "clsx";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  parse,
  useForm,
} from "@conform-to/react";
import { Icon } from "~/components/site/icon";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SiteAlert } from "~/components/site/site-alert";
import { buttonVariants } from "~/components/ui/button-variants";
import { inputClassName, labelClassName, textareaClassName } from "~/components/ui/field-classes";
import { showToast } from "~/components/ui/toaster";
import {
  HONEYPOT_FIELD,
  RECAPTCHA_FIELD,
  ROBOT_CHECK_MESSAGE,
  SEND_FAILED_MESSAGE,
  SOURCE_PAGE_FIELD,
  type ContactActionData,
  type ContactFormSettings,
} from "~/lib/contact";
import type { ContactInput } from "~/lib/contact-schema";
import { sourcePage } from "~/lib/page-trail";
import { trackContactAnswer } from "~/lib/data-layer";
import { serviceTypeLabels, serviceTypes } from "~/lib/enums";
import { Recaptcha, RECAPTCHA_MESSAGES } from "./recaptcha";

export const CONTACT_ACTION = "/contact";

/**
 * The browser-side checks (Zod and the shared schema) load when a visitor is about to use the form:
 * on pointing at it, touching it or focusing a field. Until then a submit goes to the server, which
 * applies the same rules and answers with the same messages.
 */
let validation: typeof import("~/lib/contact-schema") | undefined;
function loadValidation() {
  if (validation) return;
  void import("~/lib/contact-schema").then((module) => {
    validation = module;
  });
}

export type ContactFormProps = ContactFormSettings & {
  /** The /contact action's answer after a plain POST (no JavaScript); the fetcher's otherwise. */
  serverResult?: ContactActionData;
  className?: string;
};

/** The contact / quote request form (public-site.md §2 Contact form, §5, §8). */
export function ContactForm({ recaptchaSiteKey, serverResult, className }: ContactFormProps) {
  const fetcher = useFetcher<ContactActionData>();
  const answer = fetcher.data ?? serverResult;
  const submitting = fetcher.state !== "idle";
  const [dismissed, setDismissed] = useState<ContactActionData | undefined>();
  const [recaptcha, setRecaptcha] = useState<{ ready: boolean; problem: string | null; token: string }>({
    ready: false,
    problem: null,
    token: "",
  });
  const robotCheck = recaptchaSiteKey !== null;

  const [form, fields] = useForm<ContactInput>({
    id: "contact-form",
    lastResult: answer?.result,
    defaultValue: { serviceType: "autre" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      if (validation) return validation.parseContactSubmission(formData, robotCheck);
      return parse(formData, { resolve: (value) => ({ value: value as ContactInput }) });
    },
  });

  useEffect(() => {
    if (!answer) return;
    trackContactAnswer(answer);
    if (answer.outcome === "success") {
      void showToast("success", "Message envoyé", {
        description: "Nous vous contacterons dans les plus brefs délais.",
      });
    } else if (answer.outcome === "error") {
      void showToast("error", "Erreur", { description: answer.message ?? SEND_FAILED_MESSAGE });
    } else if (answer.result.error?.[RECAPTCHA_FIELD]) {
      void showToast("error", "Erreur de validation", {
        description: answer.result.error[RECAPTCHA_FIELD]?.[0],
      });
    }
  }, [answer]);

  const showSuccess = answer?.outcome === "success" && answer !== dismissed;
  const successPanel = useRef<HTMLDivElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const swapped = useRef(false);
  // The panel is much shorter than the form: bring it into view, and the form back likewise.
  useEffect(() => {
    if (!swapped.current) {
      swapped.current = true; // not on the first render (a plain POST already shows it in place)
      return;
    }
    const target = showSuccess ? successPanel.current : firstField.current;
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [showSuccess]);

  if (showSuccess) {
    return (
      <div
        ref={successPanel}
        tabIndex={-1}
        role="status"
        className={clsx(
          "flex scroll-mt-24 flex-col items-center gap-4 rounded-xl border border-green-500/40 bg-green-500/10 p-8 text-center outline-none",
          className,
        )}
      >
        <Icon name="circle-check" className="size-12 text-green-400" />
        <h3 className="text-xl font-semibold">Message envoyé avec succès!</h3>
        <p className="text-muted-foreground">Nous vous contacterons dans les plus brefs délais.</p>
        {/* A link, so that without JavaScript it brings back an empty form too (a same-page #hash would not reload). */}
        <a
          href={CONTACT_ACTION}
          className={buttonVariants({ variant: "outline" })}
          onClick={(event) => {
            event.preventDefault();
            setDismissed(answer);
          }}
        >
          Envoyer un autre message
        </a>
      </div>
    );
  }

  const recaptchaError = form.allErrors[RECAPTCHA_FIELD]?.[0];

  return (
    <fetcher.Form
      method="post"
      action={CONTACT_ACTION}
      {...getFormProps(form)}
      // The French messages of the shared schema, from the server too: no browser bubbles.
      noValidate
      // Before Conform reads the form: which page brought the visitor here.
      onSubmitCapture={(event) => {
        const field = event.currentTarget.elements.namedItem(SOURCE_PAGE_FIELD);
        if (field instanceof HTMLInputElement) field.value = sourcePage() ?? "";
      }}
      onPointerEnter={loadValidation}
      onTouchStart={loadValidation}
      onFocus={loadValidation}
      className={clsx("grid gap-5", className)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nom complet" errorId={fields.name.errorId} errors={fields.name.errors}>
          <input
            className={inputClassName}
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            ref={firstField}
            autoComplete="name"
            placeholder="Jean Dupont"
          />
        </Field>
        <Field label="Email" errorId={fields.email.errorId} errors={fields.email.errors}>
          <input
            className={inputClassName}
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            placeholder="jean.dupont@exemple.fr"
          />
        </Field>
        <Field label="Téléphone" errorId={fields.phone.errorId} errors={fields.phone.errors}>
          <input
            className={inputClassName}
            {...getInputProps(fields.phone, { type: "tel" })}
            key={fields.phone.key}
            autoComplete="tel"
            placeholder="06 12 34 56 78"
          />
        </Field>
        <Field
          label="Type de prestation"
          errorId={fields.serviceType.errorId}
          errors={fields.serviceType.errors}
        >
          <select
            {...getSelectProps(fields.serviceType)}
            key={fields.serviceType.key}
            className={inputClassName}
            // Reported by app/lib/engagement.ts, also when chosen before the form's code is there.
            data-service-interest-choice=""
          >
            {serviceTypes.map((type) => (
              <option key={type} value={type}>
                {serviceTypeLabels[type]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="Objet" errorId={fields.subject.errorId} errors={fields.subject.errors}>
        <input
          className={inputClassName}
          {...getInputProps(fields.subject, { type: "text" })}
          key={fields.subject.key}
          placeholder="Demande de devis pour..."
        />
      </Field>
      <Field label="Message" errorId={fields.message.errorId} errors={fields.message.errors}>
        <textarea
          className={textareaClassName}
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={6}
          placeholder="Décrivez votre projet ou votre besoin..."
        />
      </Field>

      <input type="hidden" name={SOURCE_PAGE_FIELD} defaultValue="" />

      {/* Robots fill every field; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>Ne pas remplir ce champ</label>
        <input
          id={`${form.id}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      {recaptchaSiteKey ? (
        <div className="grid gap-2">
          <Recaptcha
            siteKey={recaptchaSiteKey}
            resetSignal={answer}
            describedBy={recaptchaError ? `${form.id}-recaptcha-error` : undefined}
            onReady={() => setRecaptcha((state) => ({ ...state, ready: true, problem: null }))}
            onProblem={(problem) => setRecaptcha((state) => ({ ...state, problem }))}
            onToken={(token) => {
              setRecaptcha((state) => ({ ...state, token }));
              // Clear the "not a robot" message as soon as the box is ticked.
              if (token) form.validate({ name: RECAPTCHA_FIELD });
            }}
          />
          {recaptchaError ? (
            <p id={`${form.id}-recaptcha-error`} className="text-sm text-red-300">
              {recaptchaError}
            </p>
          ) : null}
          {recaptcha.problem ? (
            <SiteAlert variant="destructive" title="Erreur reCAPTCHA">
              {recaptcha.problem}
            </SiteAlert>
          ) : null}
        </div>
      ) : null}

      {answer?.outcome === "error" && !submitting ? (
        <SiteAlert variant="destructive" id={form.errorId} title="Erreur">
          {answer.message ?? SEND_FAILED_MESSAGE}
        </SiteAlert>
      ) : null}

      <button
        type="submit"
        disabled={submitting}
        className={clsx(buttonVariants({ size: "lg" }), "w-full sm:w-auto sm:justify-self-start")}
        // On the button, not the form: Conform also submits the form to validate fields on blur.
        // (Enter in a field "clicks" it too.)
        onClick={() => {
          if (!robotCheck || recaptcha.token) return;
          if (!recaptcha.ready && !recaptcha.problem) {
            setRecaptcha((state) => ({ ...state, problem: RECAPTCHA_MESSAGES.notLoaded }));
          }
          void showToast("error", "Erreur de validation", { description: ROBOT_CHECK_MESSAGE });
        }}
      >
        {submitting ? (
          <>
            <Icon name="loader-circle" className="animate-spin" />
            Envoi en cours...
          </>
        ) : (
          <>
            <Icon name="send" />
            Envoyer le message
          </>
        )}
      </button>
    </fetcher.Form>
  );
}

function Field({
  label,
  errorId,
  errors,
  children,
}: {
  label: string;
  errorId: string;
  errors: string[] | undefined;
  children: React.ReactElement<{ id?: string }>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={children.props.id} className={labelClassName}>
        {label}
      </label>
      {children}
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-300">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
