import { Link } from "react-router";
import type { Route } from "./+types/terms-of-use";
import { LegalPage, type LegalSection } from "~/components/site/legal-page";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { loadLegalPage } from "~/server/content/legal.server";

export function loader() {
  return loadLegalPage();
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("Conditions d'utilisation", site),
    description:
      "Les conditions d'accès et d'utilisation du site, la propriété intellectuelle et le droit applicable.",
    path: "/terms-of-use",
  });
};

function sections(company: string): LegalSection[] {
  return [
    {
      id: "objet",
      title: "Objet",
      body: (
        <p>
          Les présentes conditions d'utilisation encadrent l'accès et l'utilisation du site de{" "}
          <strong>{company}</strong>. En naviguant sur le site, vous acceptez ces conditions sans réserve.
          Nous pouvons les modifier à tout moment ; la version applicable est celle en ligne lors de votre
          visite.
        </p>
      ),
    },
    {
      id: "acces",
      title: "Accès au site",
      body: (
        <p>
          Le site est accessible gratuitement à toute personne disposant d'un accès à Internet. Nous nous
          efforçons de le maintenir disponible en permanence, mais l'accès peut être interrompu pour des
          opérations de maintenance, des mises à jour ou en cas de force majeure, sans que notre
          responsabilité puisse être engagée.
        </p>
      ),
    },
    {
      id: "informations",
      title: "Informations et devis",
      body: (
        <>
          <p>
            Les informations publiées sur le site (services, réalisations, conseils, articles) sont données à
            titre indicatif. Elles ne remplacent pas le diagnostic d'un professionnel sur place : toute
            intervention sur une installation électrique doit être réalisée par une personne qualifiée.
          </p>
          <p>
            Une demande envoyée par le formulaire de contact n'engage ni vous ni nous. Seul un devis écrit,
            daté et accepté par vous a valeur contractuelle.
          </p>
        </>
      ),
    },
    {
      id: "propriete-intellectuelle",
      title: "Propriété intellectuelle",
      body: (
        <p>
          L'ensemble des contenus du site (textes, photographies de chantiers, logos, graphismes, structure)
          est la propriété de {company} ou est utilisé avec l'accord de leurs auteurs. Toute reproduction,
          représentation ou adaptation, totale ou partielle, sans autorisation écrite préalable est interdite
          et constitue une contrefaçon sanctionnée par le Code de la propriété intellectuelle.
        </p>
      ),
    },
    {
      id: "responsabilite",
      title: "Responsabilité et liens",
      body: (
        <>
          <p>
            Nous veillons à l'exactitude des informations publiées sans pouvoir en garantir l'exhaustivité.
            Notre responsabilité ne saurait être engagée en cas d'erreur, d'omission ou d'indisponibilité du
            site, ni du fait d'un usage des informations qui y figurent.
          </p>
          <p>
            Le site peut contenir des liens vers d'autres sites (réseaux sociaux, organismes publics). Nous
            n'exerçons aucun contrôle sur ces sites et déclinons toute responsabilité quant à leur contenu.
          </p>
        </>
      ),
    },
    {
      id: "donnees-personnelles",
      title: "Données personnelles",
      body: (
        <p>
          Les données que vous nous transmettez sont traitées conformément à notre{" "}
          <Link to="/privacy-policy">politique de confidentialité</Link>, qui détaille vos droits et la
          manière de les exercer.
        </p>
      ),
    },
    {
      id: "droit-applicable",
      title: "Droit applicable",
      body: (
        <p>
          Les présentes conditions sont régies par le droit français. En cas de litige, et après une tentative
          de résolution amiable, compétence est attribuée aux tribunaux du ressort de Limoges, sous réserve
          des règles impératives protégeant les consommateurs, qui peuvent également recourir gratuitement à
          un médiateur de la consommation.
        </p>
      ),
    },
  ];
}

export default function TermsOfUse({ loaderData }: Route.ComponentProps) {
  const { updatedOn, contact } = loaderData;
  return (
    <LegalPage
      title="Conditions d'utilisation"
      path="/terms-of-use"
      intro="Merci de lire attentivement ces conditions avant d'utiliser le site. Elles précisent les droits et obligations de chacun."
      updatedOn={updatedOn}
      sections={sections(contact.companyName)}
      contact={contact}
    />
  );
}
