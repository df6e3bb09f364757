import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/site/contact-form";
import { ContactInfo } from "~/components/site/contact-info";
import { SiteAlert } from "~/components/site/site-alert";
import { companyContact } from "~/lib/company-contact";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { FORM_DISABLED_MESSAGE } from "~/lib/contact";
import type { PageHandle } from "~/lib/page-handle";
import { getContactFormProps, submitContact } from "~/server/contacts/contact-form.server";
import { getPublicSettings } from "~/server/settings.server";

export async function loader() {
  const [settings, formProps] = await Promise.all([getPublicSettings(), getContactFormProps()]);
  return {
    contact: companyContact(settings),
    formEnabled: settings.enableContactForm,
    formProps,
  };
}

export const handle: PageHandle = { scripts: ["contact-form"] };

/** Also the target of the home page's form. Works as a plain POST without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await submitContact(await request.formData(), {
    clientIp: context.clientIp,
    referer: request.headers.get("Referer"),
    ownHost: new URL(request.url).host,
  });
  if (answer.retryAfterSeconds) {
    return data(answer, { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } });
  }
  const status = answer.outcome === "invalid" ? 400 : answer.outcome === "error" ? 422 : 200;
  return data(answer, { status });
}

// A throttled visitor is told when to come back (the action's Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("Contact", site),
    description:
      "Contactez votre électricien à Limoges : demande de devis gratuit pour une installation, une rénovation ou un dépannage électrique.",
    path: "/contact",
  });
};

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-red-400">Contact</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Contactez-nous</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Un projet d'installation, une rénovation ou un dépannage électrique ? Décrivez-nous votre besoin :
          nous vous répondons rapidement avec un devis gratuit et sans engagement.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        {/* The form comes first on small screens: it is what most visitors came for. */}
        <ContactInfo settings={loaderData.contact} className="order-last lg:order-none lg:sticky lg:top-24" />
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border bg-card p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold">
            Demande de devis gratuit
          </h2>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">Tous les champs sont obligatoires.</p>
          {loaderData.formEnabled ? (
            <ContactForm {...loaderData.formProps} serverResult={actionData} />
          ) : (
            <SiteAlert title="Formulaire indisponible">{FORM_DISABLED_MESSAGE}</SiteAlert>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const description = isRouteErrorResponse(error)
    ? error.statusText
    : "Impossible d'afficher le formulaire de contact pour le moment. Veuillez réessayer plus tard.";
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <SiteAlert variant="destructive" title="Erreur">
        {description}
      </SiteAlert>
    </div>
  );
}
