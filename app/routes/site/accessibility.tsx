import { Link } from "react-router";
import type { Route } from "./+types/accessibility";
import { LegalPage, type LegalSection } from "~/components/site/legal-page";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { loadLegalPage } from "~/server/content/legal.server";

/**
 * The accessibility statement, in the RGAA's form (conformance, tests, known exceptions, how it was
 * established, contact, remedies). Unlike the other legal pages it carries the date it was
 * established, not today's: a statement holds for the tests of that day. Written with the tests of
 * tests/e2e/accessibility.spec.ts and keyboard.spec.ts: change it when they change.
 */
const STATEMENT_DATE = "29 novembre 2026";

export function loader() {
  return loadLegalPage();
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("Accessibilité", site),
    description:
      "Déclaration d'accessibilité du site : état de conformité au RGAA, tests réalisés, contenus non accessibles et comment nous signaler un problème.",
    path: "/accessibilite",
  });
};

function sections(company: string): LegalSection[] {
  return [
    {
      id: "etat",
      title: "État de conformité",
      body: (
        <>
          <p>
            <strong>{company}</strong> s'engage à rendre son site accessible à tous, conformément à l'article
            47 de la loi n° 2005-102 du 11 février 2005. Le site vise le niveau AA des règles pour
            l'accessibilité des contenus web (WCAG 2.2), sur lesquelles repose le référentiel général
            d'amélioration de l'accessibilité (RGAA 4.1.2).
          </p>
          <p>
            Le site n'a pas encore fait l'objet d'un audit de conformité au RGAA réalisé par un organisme
            indépendant : il est donc, à ce jour, <strong>non conforme</strong> au sens du RGAA, faute
            d'audit, et non en raison de défauts connus.
          </p>
        </>
      ),
    },
    {
      id: "tests",
      title: "Résultats des tests",
      body: (
        <>
          <p>À chaque nouvelle version du site, les vérifications suivantes sont faites automatiquement :</p>
          <ul>
            <li>
              toutes les pages du site et de l'espace d'administration, sur ordinateur (1 280 px) et sur
              téléphone (375 px), bandeau des cookies et fenêtres ouvertes, passent les règles A et AA des
              WCAG 2.0, 2.1 et 2.2 de l'outil axe-core sans aucune erreur ;
            </li>
            <li>
              le clavier suffit partout : lien d'évitement « Aller au contenu », focus visible, menus et
              fenêtres qui gardent puis rendent le focus, erreurs de formulaire reliées à leur champ et focus
              placé sur le premier champ à corriger, avec ou sans JavaScript ;
            </li>
            <li>
              le contenu se lit à 320 px de large sans défilement horizontal, avec un espacement du texte
              augmenté, et les animations s'arrêtent quand le système demande moins de mouvement ;
            </li>
            <li>l'audit d'accessibilité de Lighthouse donne 100 sur 100 aux pages principales.</li>
          </ul>
        </>
      ),
    },
    {
      id: "non-accessibles",
      title: "Contenus non accessibles",
      body: (
        <ul>
          <li>
            Les images des articles et des réalisations sont décrites par un texte alternatif saisi par notre
            équipe ; les articles les plus anciens, repris d'une version précédente du site, peuvent en
            manquer.
          </li>
          <li>
            Les documents et services de tiers vers lesquels renvoie le site (réseaux sociaux, outils de
            mesure d'audience après votre accord) ne relèvent pas de notre responsabilité.
          </li>
        </ul>
      ),
    },
    {
      id: "etablissement",
      title: "Établissement de cette déclaration",
      body: (
        <>
          <p>Cette déclaration a été établie le {STATEMENT_DATE}.</p>
          <ul>
            <li>Technologies utilisées : HTML5, CSS et JavaScript (le site fonctionne aussi sans).</li>
            <li>
              Environnement de test : navigateur Chromium sous Linux, au clavier, avec l'arbre d'accessibilité
              que lisent les lecteurs d'écran.
            </li>
            <li>Outils : axe-core 4.14, Playwright et Lighthouse.</li>
            <li>
              Pages vérifiées : accueil, à propos, contact, actualités et articles, réalisations et leurs
              pages, pages d'information, plan du site, mentions légales, politique de confidentialité,
              conditions d'utilisation, page introuvable et espace d'administration.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "contact",
      title: "Retour d'information et contact",
      body: (
        <p>
          Si vous n'arrivez pas à accéder à un contenu ou à un service, écrivez-nous par notre{" "}
          <Link to="/contact">formulaire de contact</Link> ou aux coordonnées ci-dessous : nous vous
          répondrons et vous proposerons une autre façon d'obtenir l'information.
        </p>
      ),
    },
    {
      id: "recours",
      title: "Voies de recours",
      body: (
        <>
          <p>
            Si vous nous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à
            un service et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez saisir le Défenseur
            des droits :
          </p>
          <ul>
            <li>
              par le formulaire en ligne du{" "}
              <a href="https://formulaire.defenseurdesdroits.fr/">Défenseur des droits</a> ;
            </li>
            <li>en contactant le délégué du Défenseur des droits de votre région ;</li>
            <li>
              par courrier, gratuitement et sans timbre : Défenseur des droits, Libre réponse 71120, 75342
              Paris CEDEX 07.
            </li>
          </ul>
        </>
      ),
    },
  ];
}

export default function Accessibility({ loaderData }: Route.ComponentProps) {
  const { contact } = loaderData;
  return (
    <LegalPage
      title="Accessibilité"
      path="/accessibilite"
      intro={`Cette déclaration d'accessibilité s'applique au site de ${contact.companyName}. Elle dit ce qui a été vérifié, comment, ce qui reste à améliorer et comment nous signaler une difficulté.`}
      updatedOn={STATEMENT_DATE}
      sections={sections(contact.companyName)}
      contact={contact}
    />
  );
}
