import { clsx } from "clsx";
import { Icon } from "~/components/site/icon";
import type { CompanyContact } from "~/lib/company-contact";

/** The company's contact details and opening hours (public-site.md §1). */
export function ContactInfo({ settings, className }: { settings: CompanyContact; className?: string }) {
  const { companyPhone: phone, companyEmail: email, companyAddress: address } = settings;
  const town = [settings.companyZipCode, settings.companyCity].filter(Boolean).join(" ");
  return (
    <section
      aria-labelledby="contact-info-title"
      className={clsx("rounded-xl border bg-card p-6 shadow-sm sm:p-8", className)}
    >
      <h2 id="contact-info-title" className="text-xl font-semibold">
        Informations de contact
      </h2>
      <ul className="mt-6 grid gap-6">
        {phone ? (
          <Item icon={<Icon name="phone" />} label="Téléphone">
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="hover:text-primary hover:underline">
              {phone}
            </a>
          </Item>
        ) : null}
        {email ? (
          <Item icon={<Icon name="mail" />} label="Email">
            <a href={`mailto:${email}`} className="break-all hover:text-primary hover:underline">
              {email}
            </a>
          </Item>
        ) : null}
        {address || town ? (
          <Item icon={<Icon name="map-pin" />} label="Adresse">
            <address className="not-italic">
              {address}
              {address && town ? <br /> : null}
              {town}
            </address>
          </Item>
        ) : null}
        <Item icon={<Icon name="clock" />} label="Horaires d'ouverture">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>Lundi – Vendredi</dt>
            <dd>7h – 17h</dd>
            <dt>Samedi – Dimanche</dt>
            <dd>Fermé</dd>
          </dl>
        </Item>
      </ul>
    </section>
  );
}

function Item({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="contact-item">
      <span aria-hidden="true">{icon}</span>
      <div>
        <span>{label}</span>
        <div>{children}</div>
      </div>
    </li>
  );
}
