import { clsx } from "clsx";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { Icon } from "~/components/site/icon";
import { SiteAlert } from "~/components/site/site-alert";
import { buttonVariants } from "~/components/ui/button-variants";
import { inputClassName, labelClassName, textareaClassName } from "~/components/ui/field-classes";
import {
  HONEYPOT_FIELD,
  ORIGIN_FIELD,
  RECAPTCHA_FIELD,
  SEND_FAILED_MESSAGE,
  SOURCE_PAGE_FIELD,
  type ContactActionData,
  type ContactFormSettings,
} from "~/lib/contact";
import type { ContactInput } from "~/lib/schemas/contact-form";
import { serviceTypeLabels, serviceTypes } from "~/lib/enums";

export const CONTACT_ACTION = "/contact";

/** The form's fields in the order a person meets them. */
const FIELD_ORDER = ["name", "email", "phone", "serviceType", "subject", "message"] as const;

export type ContactFormProps = ContactFormSettings & {
  /** The /contact action's answer to this POST. */
  serverResult?: ContactActionData;
  className?: string;
};

/**
 * The contact / quote request form (public-site.md §2 Contact form, §5, §8), as the server renders
 * it: empty, or after a POST with its errors and values, or the success panel in its place. It
 * posts to /contact without JavaScript; app/enhance/contact-form.ts loads, when a visitor is about
 * to use it, the checks of the shared schema, the robot check and a send that puts this same
 * HTML, from the server's answer, in its place (`data-contact`).
 */
export function ContactForm(props: ContactFormProps) {
  return (
    <div data-contact="" className="contents">
      <ContactFormContent {...props} />
    </div>
  );
}

function ContactFormContent({ recaptchaSiteKey, serverResult: answer, className }: ContactFormProps) {
  const [form, fields] = useForm<ContactInput>({
    id: "contact-form",
    lastResult: answer?.result,
    defaultValue: { serviceType: "autre" },
  });

  if (answer?.outcome === "success") {
    return (
      <div
        tabIndex={-1}
        role="status"
        data-contact-success=""
        className={clsx(
          "flex scroll-mt-24 flex-col items-center gap-4 rounded-xl border border-green-500/40 bg-green-500/10 p-8 text-center outline-none",
          className,
        )}
      >
        <Icon name="circle-check" className="size-12 text-green-400" />
        <h3 className="text-xl font-semibold">Message envoyé avec succès!</h3>
        <p className="text-muted-foreground">Nous vous contacterons dans les plus brefs délais.</p>
        {/* A link, so that without JavaScript it brings back an empty form too (a same-page #hash would not reload). */}
        <a href={CONTACT_ACTION} data-contact-again="" className={buttonVariants({ variant: "outline" })}>
          Envoyer un autre message
        </a>
      </div>
    );
  }

  const recaptchaError = form.allErrors[RECAPTCHA_FIELD]?.[0];
  // A refused send answered by the server (no JavaScript) puts the cursor on the first wrong field,
  // as the page's script does when it checks the form itself.
  const firstWrong = FIELD_ORDER.find((name) => fields[name].errors?.length);
  const focus = (name: (typeof FIELD_ORDER)[number]) => firstWrong === name || undefined;

  return (
    <form
      method="post"
      action={CONTACT_ACTION}
      {...getFormProps(form)}
      // The French messages of the shared schema, from the server too: no browser bubbles.
      noValidate
      className={clsx("grid gap-5", className)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nom complet" errorId={fields.name.errorId} errors={fields.name.errors}>
          <input
            className={inputClassName}
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            autoComplete="name"
            autoFocus={focus("name")}
            placeholder="Jean Dupont"
          />
        </Field>
        <Field label="Email" errorId={fields.email.errorId} errors={fields.email.errors}>
          <input
            className={inputClassName}
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            autoFocus={focus("email")}
            placeholder="jean.dupont@exemple.fr"
          />
        </Field>
        <Field label="Téléphone" errorId={fields.phone.errorId} errors={fields.phone.errors}>
          <input
            className={inputClassName}
            {...getInputProps(fields.phone, { type: "tel" })}
            key={fields.phone.key}
            autoComplete="tel"
            autoFocus={focus("phone")}
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
            autoFocus={focus("serviceType")}
            className={inputClassName}
            // Reported by app/lib/engagement.ts.
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
          autoFocus={focus("subject")}
          placeholder="Demande de devis pour..."
        />
      </Field>
      <Field label="Message" errorId={fields.message.errorId} errors={fields.message.errors}>
        <textarea
          className={textareaClassName}
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          autoFocus={focus("message")}
          rows={6}
          placeholder="Décrivez votre projet ou votre besoin..."
        />
      </Field>

      <input type="hidden" name={SOURCE_PAGE_FIELD} defaultValue="" />
      <input type="hidden" name={ORIGIN_FIELD} defaultValue="" />

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
          <div
            data-recaptcha={recaptchaSiteKey}
            className="min-h-[78px]"
            aria-describedby={recaptchaError ? `${form.id}-recaptcha-error` : undefined}
          />
          <p
            id={`${form.id}-recaptcha-error`}
            data-error-for={RECAPTCHA_FIELD}
            hidden={!recaptchaError}
            className="text-sm text-red-300"
          >
            {recaptchaError}
          </p>
          <div data-recaptcha-problem="" hidden>
            <SiteAlert variant="destructive" title="Erreur reCAPTCHA">
              <span data-message="" />
            </SiteAlert>
          </div>
        </div>
      ) : null}

      {answer?.outcome === "error" ? (
        <div data-send-error="">
          <SiteAlert variant="destructive" id={form.errorId} title="Erreur">
            <span data-message="">{answer.message ?? SEND_FAILED_MESSAGE}</span>
          </SiteAlert>
        </div>
      ) : null}

      <button
        type="submit"
        className={clsx(buttonVariants({ size: "lg" }), "w-full sm:w-auto sm:justify-self-start")}
      >
        <span data-idle="" className="contents">
          <Icon name="send" />
          Envoyer le message
        </span>
        <span data-pending="" hidden className="contents">
          <Icon name="loader-circle" className="animate-spin" />
          Envoi en cours...
        </span>
      </button>
    </form>
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
  children: React.ReactElement<{ id?: string; name?: string }>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={children.props.id} className={labelClassName}>
        {label}
      </label>
      {children}
      <p
        id={errorId}
        data-error-for={children.props.name}
        hidden={!errors?.length}
        className="text-sm text-red-300"
      >
        {errors?.[0]}
      </p>
    </div>
  );
}
