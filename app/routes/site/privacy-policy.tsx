import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { LegalPage, type LegalSection } from "~/components/site/legal-page";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { loadLegalPage } from "~/server/content/legal.server";

export function loader() {
  return loadLegalPage();
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("Politique de confidentialité", site),
    description:
      "Comment nous collectons, utilisons et protégeons vos données personnelles, et comment exercer vos droits (RGPD).",
    path: "/privacy-policy",
  });
};

function sections(company: string): LegalSection[] {
  return [
    {
      id: "responsable",
      title: "Responsable du traitement",
      body: (
        <p>
          Le responsable du traitement des données personnelles collectées sur ce site est{" "}
          <strong>{company}</strong>, entreprise d'électricité générale. Ses coordonnées figurent en bas de
          cette page. Nous traitons vos données dans le respect du Règlement général sur la protection des
          données (RGPD) et de la loi « Informatique et Libertés » modifiée.
        </p>
      ),
    },
    {
      id: "donnees-collectees",
      title: "Données collectées",
      body: (
        <>
          <p>Nous ne collectons que les données nécessaires à nos échanges avec vous :</p>
          <ul>
            <li>
              <strong>Formulaire de contact et de devis</strong> : nom, adresse e-mail, numéro de téléphone,
              objet, type de prestation et contenu de votre message, ainsi que l'origine de votre visite
              (première page consultée, site ou campagne qui vous a amené, type d'appareil). Cette origine est
              gardée dans votre navigateur le temps de l'onglet, sans cookie, et ne nous parvient qu'avec la
              demande que vous nous envoyez.
            </li>
            <li>
              <strong>Mesure de fréquentation</strong> : page consultée, site d'origine et type d'appareil
              (mobile, tablette ou ordinateur), sans cookie, sans identifiant et sans conservation de votre
              adresse IP.
            </li>
            <li>
              <strong>Cookies de mesure d'audience et de publicité</strong> : uniquement si vous les acceptez
              (voir l'article 6).
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "finalites",
      title: "Finalités et bases légales",
      body: (
        <ul>
          <li>
            Répondre à vos demandes de contact et établir vos devis : mesures précontractuelles prises à votre
            demande.
          </li>
          <li>
            Assurer le suivi de nos chantiers et de la relation client : exécution du contrat et intérêt
            légitime.
          </li>
          <li>
            Protéger le site contre les abus et les envois automatisés (vérification anti-robot, limitation
            des envois) : intérêt légitime.
          </li>
          <li>Mesurer l'audience et améliorer le site : votre consentement pour les cookies facultatifs.</li>
        </ul>
      ),
    },
    {
      id: "conservation",
      title: "Durée de conservation",
      body: (
        <ul>
          <li>
            Demandes de contact et de devis : trois ans à compter de notre dernier échange, sauf relation
            contractuelle en cours.
          </li>
          <li>
            Données liées à un chantier et factures : dix ans, conformément à nos obligations comptables et à
            la garantie décennale.
          </li>
          <li>Choix en matière de cookies : six mois, après quoi nous vous le demandons à nouveau.</li>
        </ul>
      ),
    },
    {
      id: "destinataires",
      title: "Destinataires et sécurité",
      body: (
        <>
          <p>
            Vos données sont destinées aux seules personnes de notre entreprise chargées de traiter votre
            demande. Elles ne sont jamais vendues ni louées. Nos prestataires techniques (hébergement, envoi
            d'e-mails) n'y accèdent que pour les besoins de leur mission et sont tenus à la confidentialité.
          </p>
          <p>
            Nous mettons en œuvre des mesures techniques et organisationnelles adaptées : connexion chiffrée,
            accès restreint et protégé par mot de passe, sauvegardes régulières.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <>
          <p>
            Un cookie strictement nécessaire enregistre votre choix en matière de cookies. Les cookies de
            mesure d'audience et de publicité ne sont déposés qu'après votre accord, donné via le bandeau
            affiché lors de votre première visite. Refuser est aussi simple qu'accepter.
          </p>
          <p>
            Vous pouvez modifier votre choix à tout moment grâce au lien « Gérer les cookies » en bas de
            chaque page, ou configurer votre navigateur pour bloquer les cookies.
          </p>
        </>
      ),
    },
    {
      id: "droits",
      title: "Vos droits",
      body: (
        <>
          <p>
            Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et
            de portabilité de vos données, ainsi que du droit de retirer votre consentement à tout moment.
            Pour les exercer, écrivez-nous à l'adresse indiquée ci-dessous ou via notre{" "}
            <Link to="/contact">formulaire de contact</Link>.
          </p>
          <p>
            Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez
            adresser une réclamation à la CNIL (<a href="https://www.cnil.fr">www.cnil.fr</a>).
          </p>
        </>
      ),
    },
  ];
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { updatedOn, contact } = loaderData;
  return (
    <LegalPage
      title="Politique de confidentialité"
      path="/privacy-policy"
      intro={`La protection de vos données personnelles est importante pour nous. Cette politique explique quelles données ${contact.companyName} collecte lorsque vous utilisez ce site, pourquoi, combien de temps elles sont conservées et comment exercer vos droits.`}
      updatedOn={updatedOn}
      sections={sections(contact.companyName)}
      contact={contact}
    />
  );
}
