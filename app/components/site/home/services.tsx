import { Icon } from "~/components/site/icon";
import type { IconName } from "~/components/site/icon-names";
import { SectionHeading } from "~/components/site/section-heading";
import { ShowMoreButton } from "~/components/site/show-more";

const SERVICES = [
  {
    icon: "house",
    title: "Particuliers",
    text: "Des installations sûres et confortables pour votre maison ou votre appartement.",
    points: [
      "Installation et rénovation complète",
      "Mise aux normes NF C 15-100",
      "Tableau électrique et prises",
      "Éclairage intérieur et extérieur",
    ],
  },
  {
    icon: "building",
    title: "Professionnels",
    text: "Des solutions adaptées à vos locaux, à votre activité et à vos contraintes d'exploitation.",
    points: [
      "Bureaux, commerces et ateliers",
      "Éclairage LED et économies d'énergie",
      "Contrats de maintenance",
      "Travaux en site occupé",
    ],
  },
  {
    icon: "zap",
    title: "Services spécialisés",
    text: "Des compétences pointues pour les besoins qui sortent de l'ordinaire.",
    points: [
      "Dépannage d'urgence",
      "Diagnostic et audit électrique",
      "Domotique et maison connectée",
      "Bornes de recharge pour véhicules",
    ],
  },
] satisfies ({ icon: IconName } & Record<string, unknown>)[];

const REASSURANCES = [
  {
    icon: "shield-check",
    title: "Sécurité garantie",
    text: "Des travaux conformes aux normes en vigueur, contrôlés et assurés.",
  },
  {
    icon: "users",
    title: "Équipe qualifiée",
    text: "Des électriciens formés et expérimentés, attentifs à votre chantier.",
  },
  {
    icon: "clock",
    title: "Service rapide",
    text: "Une réponse sous 24 h et une intervention rapide en cas d'urgence.",
  },
] satisfies ({ icon: IconName } & Record<string, unknown>)[];

export function Services() {
  return (
    <section id="services" aria-labelledby="services-title" className="section">
      <div className="site-width">
        <SectionHeading
          id="services-title"
          eyebrow="Nos services"
          title="Des solutions électriques pour chaque besoin"
          text="Du simple dépannage à l'installation complète, nous accompagnons particuliers et professionnels à Limoges et dans toute la Haute-Vienne."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {SERVICES.map(({ icon, title, text, points }) => (
            <li key={title} className="service-card">
              <span className="service-icon">
                <Icon name={icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-white">{title}</h3>
              <p className="mt-2 text-slate-300">{text}</p>
              <ul className="checklist">
                {points.map((point) => (
                  <li key={point}>
                    <Icon name="check" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>

        <ul id="services-reassurance" data-collapsed="all" className="mt-6 grid gap-6 md:grid-cols-3">
          {REASSURANCES.map(({ icon, title, text }) => (
            <li key={title} className="reassurance">
              <Icon name={icon} />
              <div>
                <h3>{title}</h3>
                <p>{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <ShowMoreButton controls="services-reassurance" />
      </div>
    </section>
  );
}
