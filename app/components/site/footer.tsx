import { Icon } from "~/components/site/icon";
import { Link } from "react-router";
import { ManageCookiesButton } from "~/components/site/consent-banner";
import type { PublicSettings } from "~/server/settings.server";

export type FooterSettings = Pick<
  PublicSettings,
  | "companyName"
  | "companyLogo"
  | "companyDescription"
  | "companyPhone"
  | "companyEmail"
  | "companyAddress"
  | "companyCity"
  | "companyZipCode"
  | "facebookUrl"
  | "instagramUrl"
  | "linkedinUrl"
  | "enableProjects"
  | "enableBlog"
>;

const headingClass = "text-sm font-semibold uppercase tracking-wider text-white";
const linkClass = "footer-link";

/** Site footer: three columns and the legal line (public-site.md §2 Footer). */
export function Footer({ settings }: { settings: FooterSettings }) {
  const socials = [
    { href: settings.facebookUrl, label: "Facebook", icon: "facebook" as const },
    { href: settings.instagramUrl, label: "Instagram", icon: "instagram" as const },
    { href: settings.linkedinUrl, label: "LinkedIn", icon: "linkedin" as const },
  ].filter((social): social is typeof social & { href: string } => Boolean(social.href?.trim()));
  const cityLine = [settings.companyZipCode, settings.companyCity].filter(Boolean).join(" ");
  const menu = [
    { to: "/", label: "Accueil" },
    { to: "/about", label: "À propos" },
    settings.enableProjects && { to: "/projects", label: "Projets" },
    settings.enableBlog && { to: "/blog", label: "Actualités" },
    { to: "/contact", label: "Contact" },
  ].filter((item): item is { to: string; label: string } => Boolean(item));

  return (
    <footer className="border-t border-white/10 bg-[hsl(222_50%_4%)] text-sm">
      <div className="site-width grid gap-10 py-14 md:grid-cols-3">
        <div className="space-y-4">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-md">
            <img
              src={settings.companyLogo}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              className="size-10 rounded-lg object-contain"
            />
            <span className="text-lg font-bold text-white">{settings.companyName}</span>
          </Link>
          <p className="max-w-sm leading-relaxed text-slate-300">{settings.companyDescription}</p>
          {socials.length > 0 ? (
            <ul className="flex gap-3" aria-label="Réseaux sociaux">
              {socials.map(({ href, label, icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex size-10 items-center justify-center rounded-full bg-white/5 text-slate-200 transition-colors hover:bg-betic-red hover:text-white"
                  >
                    <Icon name={icon} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <nav aria-labelledby="footer-menu">
          <h2 id="footer-menu" className={headingClass}>
            Menu
          </h2>
          <ul className="mt-4 space-y-2.5">
            {menu.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>Contact</h2>
          <ul className="footer-contact mt-4 space-y-3 text-slate-300">
            {settings.companyPhone ? (
              <li>
                <Icon name="phone" />
                <a href={`tel:${settings.companyPhone.replace(/[^\d+]/g, "")}`} className={linkClass}>
                  {settings.companyPhone}
                </a>
              </li>
            ) : null}
            {settings.companyEmail ? (
              <li>
                <Icon name="mail" />
                <a href={`mailto:${settings.companyEmail}`} className={`${linkClass} break-all`}>
                  {settings.companyEmail}
                </a>
              </li>
            ) : null}
            {settings.companyAddress || cityLine ? (
              <li>
                <Icon name="map-pin" />
                <address className="not-italic">
                  {settings.companyAddress ? <span className="block">{settings.companyAddress}</span> : null}
                  {cityLine ? <span className="block">{cityLine}</span> : null}
                </address>
              </li>
            ) : null}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="site-width flex flex-col gap-4 py-6 text-slate-400 lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {new Date().getFullYear()} {settings.companyName}. Tous droits réservés.
          </p>
          <nav aria-label="Informations légales">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              <li>
                <Link to="/mentions-legales" className="hover:text-white">
                  Mentions légales
                </Link>
              </li>
              <li>
                <Link to="/privacy-policy" className="hover:text-white">
                  Politique de confidentialité
                </Link>
              </li>
              <li>
                <Link to="/terms-of-use" className="hover:text-white">
                  Conditions d'utilisation
                </Link>
              </li>
              <li>
                <Link to="/accessibilite" className="hover:text-white">
                  Accessibilité
                </Link>
              </li>
              <li>
                <Link to="/sitemap" className="hover:text-white">
                  Plan du site
                </Link>
              </li>
              <li>
                <ManageCookiesButton className="hover:text-white" />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
