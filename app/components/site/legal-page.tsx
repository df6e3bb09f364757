import { Icon } from "~/components/site/icon";
import { Breadcrumb } from "~/components/site/breadcrumb";
import type { CompanyContact } from "~/lib/company-contact";

export type LegalSection = { id: string; title: string; body: React.ReactNode };

/** Layout of the static legal pages: title, last update, numbered sections with a contents list. */
export function LegalPage({
  title,
  path,
  intro,
  updatedOn,
  sections,
  contact,
}: {
  title: string;
  path: string;
  intro: string;
  /** Today's date, long French form. */
  updatedOn: string;
  sections: LegalSection[];
  contact: CompanyContact;
}) {
  const town = [contact.companyZipCode, contact.companyCity].filter(Boolean).join(" ");
  return (
    <div className="mx-auto max-w-7xl px-4 pb-20 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb
        items={[
          { name: "Accueil", path: "/" },
          { name: title, path },
        ]}
      />
      <header className="mt-10 max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-slate-400">Dernière mise à jour : {updatedOn}</p>
        <p className="mt-6 text-lg leading-relaxed text-slate-300">{intro}</p>
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Sommaire" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">Sommaire</p>
          <ol className="mt-3 space-y-2 border-l border-white/10 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l border-transparent pl-4 text-slate-300 transition-colors hover:border-betic-red hover:text-white"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-2xl font-semibold text-white">
                <span className="text-red-400">{index + 1}.</span> {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-slate-300 [&_a]:text-red-300 [&_a]:underline [&_a:hover]:text-red-200 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_strong]:text-slate-100 [&_ul]:space-y-2">
                {section.body}
              </div>
            </section>
          ))}

          <section
            aria-labelledby="legal-contact-title"
            className="rounded-2xl border border-white/10 bg-card p-6 sm:p-8"
          >
            <h2 id="legal-contact-title" className="text-xl font-semibold text-white">
              Nous contacter
            </h2>
            <p className="mt-2 text-slate-300">
              Pour toute question concernant cette page, vous pouvez nous joindre :
            </p>
            <ul className="mt-5 space-y-3 text-slate-200">
              <li className="flex items-start gap-3">
                <Icon name="building-complex" className="mt-0.5 size-5 shrink-0 text-red-400" />
                {contact.companyName}
              </li>
              {contact.companyAddress || town ? (
                <li className="flex items-start gap-3">
                  <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-red-400" />
                  <address className="not-italic">
                    {[contact.companyAddress, town].filter(Boolean).join(", ")}
                  </address>
                </li>
              ) : null}
              {contact.companyEmail ? (
                <li className="flex items-start gap-3">
                  <Icon name="mail" className="mt-0.5 size-5 shrink-0 text-red-400" />
                  <a
                    href={`mailto:${contact.companyEmail}`}
                    className="break-all hover:text-white hover:underline"
                  >
                    {contact.companyEmail}
                  </a>
                </li>
              ) : null}
              {contact.companyPhone ? (
                <li className="flex items-start gap-3">
                  <Icon name="phone" className="mt-0.5 size-5 shrink-0 text-red-400" />
                  <a
                    href={`tel:${contact.companyPhone.replace(/[^\d+]/g, "")}`}
                    className="hover:text-white hover:underline"
                  >
                    {contact.companyPhone}
                  </a>
                </li>
              ) : null}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
