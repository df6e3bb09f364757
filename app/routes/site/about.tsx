import { Icon } from "~/components/site/icon";
import type { IconName } from "~/components/site/icon-names";
import type { Route } from "./+types/about";
import { Breadcrumb } from "~/components/site/breadcrumb";
import { SectionHeading } from "~/components/site/section-heading";
import { SectionLink } from "~/components/site/section-link";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { getPublicSettings } from "~/server/settings.server";

const FOUNDED = 1998;

export async function loader() {
  const settings = await getPublicSettings();
  return { companyName: settings.companyName, phone: settings.companyPhone, city: settings.companyCity };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("À propos", site),
    description:
      "Entreprise familiale d'électricité fondée à Limoges en 1998 : notre histoire, notre mission, nos valeurs et notre engagement qualité.",
    path: "/about",
  });
};

const TIMELINE = [
  {
    year: "1998",
    title: "La création",
    text: "Bernard, électricien de maintenance depuis quinze ans dans l'industrie limougeaude, se met à son compte. Martine, son épouse, prend en charge l'accueil des clients, les devis et la gestion. L'atelier tient dans un garage, la camionnette est d'occasion, et le bouche-à-oreille fait le reste.",
  },
  {
    year: "2006",
    title: "Les premiers compagnons",
    text: "Les chantiers se multiplient chez les particuliers puis chez les commerçants du centre-ville. Deux électriciens rejoignent l'équipe et l'entreprise s'installe dans ses propres locaux.",
  },
  {
    year: "2012",
    title: "La deuxième génération",
    text: "Thomas, leur fils, rejoint l'entreprise après sa formation en électrotechnique et plusieurs années sur de grands chantiers tertiaires. Il y apporte la domotique, le photovoltaïque et la recharge de véhicules électriques.",
  },
  {
    year: "Aujourd'hui",
    title: "Une équipe, un même esprit",
    text: "Bernard et Thomas dirigent ensemble une équipe soudée qui intervient chez les particuliers, les professionnels et les industriels, avec la même exigence qu'au premier jour.",
  },
];

const PILLARS = [
  {
    icon: "target",
    title: "Notre mission",
    text: "Rendre l'électricité de nos clients sûre, fiable et adaptée à leur vie, en expliquant clairement chaque intervention et en respectant le prix annoncé.",
  },
  {
    icon: "eye",
    title: "Notre vision",
    text: "Accompagner la transition énergétique en Limousin : des logements et des locaux plus économes, pilotables et prêts pour les énergies renouvelables et la mobilité électrique.",
  },
] satisfies ({ icon: IconName } & Record<string, unknown>)[];

const VALUES = [
  {
    icon: "shield-check",
    title: "Sécurité",
    text: "Aucun compromis : chaque installation respecte les normes en vigueur.",
  },
  {
    icon: "handshake",
    title: "Transparence",
    text: "Des devis détaillés, des conseils honnêtes, pas de travaux inutiles.",
  },
  {
    icon: "hand-heart",
    title: "Proximité",
    text: "Une entreprise locale, joignable, qui connaît ses clients par leur nom.",
  },
  {
    icon: "lightbulb",
    title: "Savoir-faire",
    text: "Des techniciens formés en continu aux nouvelles technologies.",
  },
] satisfies ({ icon: IconName } & Record<string, unknown>)[];

const COMMITMENTS = [
  "Un devis gratuit, détaillé et sans engagement",
  "Des délais annoncés et respectés",
  "Un chantier propre, protégé et rangé chaque soir",
  "Des travaux couverts par notre assurance décennale",
  "Une intervention rapide en cas d'urgence",
  "Un interlocuteur unique du devis à la réception",
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { companyName, phone, city } = loaderData;
  const years = new Date().getFullYear() - FOUNDED;
  return (
    <>
      <section
        aria-labelledby="about-title"
        className="relative overflow-hidden border-b border-white/5 bg-gradient-to-b from-card/60 to-background"
      >
        <div
          aria-hidden
          className="pointer-events-none absolute -right-40 -top-40 size-[36rem] rounded-full bg-betic-red/10 blur-3xl"
        />
        <div className="relative mx-auto max-w-7xl px-4 pb-16 pt-6 sm:px-6 sm:pb-20 lg:px-8">
          <Breadcrumb
            items={[
              { name: "Accueil", path: "/" },
              { name: "À propos", path: "/about" },
            ]}
          />
          <div className="mt-12 max-w-3xl">
            <p className="text-sm font-semibold uppercase tracking-widest text-red-400">À propos</p>
            <h1 id="about-title" className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">
              Une entreprise familiale au service de Limoges
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-300">
              Depuis {FOUNDED}, {companyName} met son savoir-faire au service des particuliers et des
              professionnels de {city ?? "Limoges"} et de ses environs.
            </p>
            <SectionLink
              section="contact"
              className="mt-8 inline-flex h-12 items-center rounded-lg bg-red-700 px-6 font-semibold text-white shadow-lg shadow-red-900/30 transition-colors hover:bg-red-800"
            >
              Devis Gratuit
            </SectionLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="story-title" className="py-20 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-14 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-red-400">Notre histoire</p>
            <h2 id="story-title" className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Deux générations d'électriciens
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-slate-300">
              Tout a commencé autour de la table de la cuisine, avec une conviction simple : un électricien
              doit être quelqu'un à qui l'on peut confier les clés de sa maison. {years} ans plus tard, c'est
              toujours ce qui guide chacune de nos interventions.
            </p>
            <dl className="mt-10 grid grid-cols-2 gap-4">
              <div className="rounded-xl border border-white/10 bg-card p-5">
                <dt className="text-sm text-slate-400">Fondée en</dt>
                <dd className="mt-1 text-3xl font-bold text-white">{FOUNDED}</dd>
              </div>
              <div className="rounded-xl border border-white/10 bg-card p-5">
                <dt className="text-sm text-slate-400">Générations</dt>
                <dd className="mt-1 text-3xl font-bold text-white">2</dd>
              </div>
            </dl>
          </div>
          <ol className="relative space-y-10 border-l border-white/10 pl-8">
            {TIMELINE.map((step) => (
              <li key={step.year} className="relative">
                <span
                  aria-hidden
                  className="absolute -left-[41px] top-1 size-4 rounded-full border-4 border-background bg-betic-red"
                />
                <p className="text-sm font-semibold text-red-400">{step.year}</p>
                <h3 className="mt-1 text-xl font-semibold text-white">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-300">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="mission-title"
        className="border-y border-white/5 bg-[hsl(222_45%_8%)] py-20 sm:py-24"
      >
        <div className="site-width">
          <h2 id="mission-title" className="sr-only">
            Mission et vision
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            {PILLARS.map(({ icon, title, text }) => (
              <article key={title} className="rounded-2xl border border-white/10 bg-card p-8">
                <span className="flex size-12 items-center justify-center rounded-xl bg-betic-red/15 text-red-400">
                  <Icon name={icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-2xl font-semibold text-white">{title}</h3>
                <p className="mt-3 text-lg leading-relaxed text-slate-300">{text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="py-20 sm:py-24">
        <div className="site-width">
          <SectionHeading
            id="values-title"
            eyebrow="Nos valeurs"
            title="Ce qui nous anime"
            text="Des valeurs héritées de l'atelier familial, partagées par toute l'équipe."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-white/10 bg-card p-6 text-center">
                <Icon name={icon} className="mx-auto size-9 text-red-400" />
                <h3 className="mt-4 text-lg font-semibold text-white">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-300">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="commitment-title"
        className="border-t border-white/5 bg-[hsl(222_45%_8%)] py-20 sm:py-24"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-red-400">Notre engagement</p>
            <h2
              id="commitment-title"
              className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl"
            >
              Un travail soigné, un prix tenu
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-slate-300">
              Nous nous engageons auprès de chaque client, pour un simple dépannage comme pour une
              installation complète.
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {COMMITMENTS.map((commitment) => (
              <li
                key={commitment}
                className="flex items-start gap-3 rounded-xl border border-white/10 bg-card p-4 text-slate-200"
              >
                <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-red-400" />
                {commitment}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-red-700 to-red-900 px-6 py-14 text-center shadow-2xl shadow-red-950/40 sm:px-12">
          <Icon name="zap" className="absolute -right-8 -top-8 size-52 rotate-12 text-white/10" />
          <h2
            id="about-cta-title"
            className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            Un projet électrique ? Parlons-en.
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-red-50">
            Expliquez-nous votre besoin : nous vous proposons une solution claire et un devis gratuit, sans
            engagement.
          </p>
          <div className="relative mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <SectionLink
              section="contact"
              className="inline-flex h-12 items-center rounded-lg bg-white px-6 font-semibold text-red-800 shadow-lg transition-colors hover:bg-red-50"
            >
              Devis Gratuit
            </SectionLink>
            {phone ? (
              <a
                href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                className="inline-flex h-12 items-center gap-2 rounded-lg border border-white/40 px-6 font-semibold text-white transition-colors hover:bg-white/10"
              >
                <Icon name="phone" className="size-5" />
                {phone}
              </a>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
