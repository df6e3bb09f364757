import { Icon } from "~/components/site/icon";
import { SectionLink } from "~/components/site/section-link";
import type { ServiceType } from "~/lib/enums";

const HERO_SERVICES = [
  { title: "Installation Électrique", detail: "Résidentielle et commerciale", service: "installation" },
  { title: "Rénovation Électrique", detail: "Mise aux normes et modernisation", service: "renovation" },
  { title: "Dépannage d'Urgence", detail: "Intervention rapide", service: "depannage" },
] satisfies { title: string; detail: string; service: ServiceType }[];

export function Hero({ phone }: { phone: string | null }) {
  return (
    <section
      id="hero"
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[100svh] items-center overflow-hidden pb-24 pt-[104px]"
    >
      {/* Decorative backdrop: a faint wiring grid and two glows, no image to download. */}
      <div aria-hidden className="absolute inset-0 -z-10 bg-[hsl(222_50%_5%)]">
        <div className="hero-grid" />
        <div className="absolute -left-40 top-1/4 size-[32rem] rounded-full bg-betic-red/20 blur-[120px]" />
        <div className="absolute -right-32 bottom-0 size-[28rem] rounded-full bg-blue-600/10 blur-[120px]" />
      </div>

      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:px-8">
        <div>
          <p className="hero-badge">
            <span aria-hidden className="size-2 rounded-full bg-betic-red" />
            Électricien à Limoges et ses environs
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold leading-[1.1] tracking-tight text-white sm:text-5xl lg:text-6xl"
          >
            Services électriques professionnels à <span className="text-red-500">Limoges</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
            Installation, rénovation et dépannage d'urgence : nous réalisons des installations électriques
            sûres et conformes pour les particuliers comme pour les professionnels.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <SectionLink section="contact" className="hero-cta">
              Demander un devis gratuit
              <Icon name="arrow-right" className="size-5" />
            </SectionLink>
            <SectionLink section="services" className="hero-cta-secondary">
              Découvrir nos services
            </SectionLink>
          </div>
          {phone ? (
            <p className="mt-6 inline-flex items-center gap-2 text-sm text-slate-400">
              <Icon name="phone" className="size-4 text-red-400" />
              Une urgence ?{" "}
              <a
                href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                className="font-semibold text-white hover:underline"
              >
                {phone}
              </a>
            </p>
          ) : null}
        </div>

        <div className="relative">
          <div
            aria-hidden
            className="absolute -inset-px rounded-2xl bg-gradient-to-br from-betic-red/60 via-white/5 to-transparent"
          />
          <div className="relative rounded-2xl bg-card/95 p-6 shadow-2xl shadow-black/50 backdrop-blur sm:p-8">
            <h2 className="text-lg font-semibold text-white">Nos interventions</h2>
            <ol className="mt-6 space-y-5">
              {HERO_SERVICES.map((service, index) => (
                <li key={service.title} data-service-interest={service.service} className="hero-step">
                  <span aria-hidden>{index + 1}</span>
                  <div>
                    <h3>{service.title}</h3>
                    <p>{service.detail}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>

      <SectionLink section="services" aria-label="Défiler vers le bas" className="hero-scroll">
        <Icon name="chevron-down" className="size-6" />
      </SectionLink>
    </section>
  );
}
