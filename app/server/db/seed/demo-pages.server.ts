/* The demo's CMS pages and expertise blocks. */

import type { ExpertiseIcon, ExpertiseSize } from "~/lib/enums";
import { palettes, type Motif, type Palette } from "./demo-art.server";

export type CompanyDetails = {
  name: string;
  address: string;
  zipCode: string;
  city: string;
  phone: string;
  email: string;
};

// Registration numbers of the demo company: a SIREN and SIRET that pass the Luhn check, the
// matching intra-community VAT number, and the APE code of electrical installation work.
const REGISTRATION = {
  legalForm: "SARL",
  capital: "20 000 €",
  siren: "812 457 935",
  siret: "812 457 935 00011",
  rcs: "RCS Limoges 812 457 935",
  vat: "FR12 812457935",
  ape: "4321A – Travaux d'installation électrique dans tous locaux",
  director: "Julien Bertrand, gérant",
};

export function demoCmsPages(company: CompanyDetails) {
  const address = `${company.address}, ${company.zipCode} ${company.city}`;
  const phoneLink = company.phone.replace(/\s+/g, "");
  return [
    {
      title: "Mentions légales",
      slug: "mentions-legales",
      metaTitle: "Mentions légales",
      metaDescription: `Mentions légales du site de ${company.name} : éditeur, directeur de la publication, hébergement, propriété intellectuelle et données personnelles.`,
      metaKeywords: "mentions légales, éditeur du site, hébergeur",
      content: `<h2>Éditeur du site</h2>
<p>Le présent site est édité par <strong>${company.name}</strong>, ${REGISTRATION.legalForm} au capital de ${REGISTRATION.capital}.</p>
<ul>
<li>Siège social : ${address}</li>
<li>Téléphone : <a href="tel:${phoneLink}">${company.phone}</a></li>
<li>E-mail : <a href="mailto:${company.email}">${company.email}</a></li>
<li>SIRET : ${REGISTRATION.siret} – ${REGISTRATION.rcs}</li>
<li>N° de TVA intracommunautaire : ${REGISTRATION.vat}</li>
<li>Code APE : ${REGISTRATION.ape}</li>
</ul>
<p>Assurance responsabilité civile professionnelle et garantie décennale souscrites pour les travaux d'électricité réalisés en France métropolitaine ; l'attestation d'assurance est remise avec chaque devis.</p>
<h2>Directeur de la publication</h2>
<p>${REGISTRATION.director}, joignable à l'adresse <a href="mailto:${company.email}">${company.email}</a>.</p>
<h2>Hébergement</h2>
<p>Le site est hébergé par ${company.name} elle-même, sur ses propres serveurs installés dans ses locaux : ${address}, téléphone ${company.phone}.</p>
<h2>Propriété intellectuelle</h2>
<p>L'ensemble des contenus de ce site (textes, photographies, illustrations, logos, mise en page) est la propriété de ${company.name} ou est utilisé avec l'autorisation de son auteur. Toute reproduction, représentation ou adaptation, totale ou partielle, sans autorisation écrite préalable est interdite et constituerait une contrefaçon sanctionnée par le Code de la propriété intellectuelle.</p>
<h2>Données personnelles</h2>
<p>Les informations transmises au moyen du formulaire de contact (nom, e-mail, téléphone, message) servent uniquement à répondre à votre demande et à établir un devis. Elles ne sont ni vendues ni cédées à des tiers. Conformément au Règlement général sur la protection des données et à la loi Informatique et Libertés, vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation et d'opposition, que vous pouvez exercer en écrivant à <a href="mailto:${company.email}">${company.email}</a>. Vous pouvez également introduire une réclamation auprès de la CNIL.</p>
<p>Pour en savoir plus, consultez notre <a href="/privacy-policy">politique de confidentialité</a>.</p>
<h2>Cookies</h2>
<p>Le site n'utilise que les cookies nécessaires à son fonctionnement. Les outils de mesure d'audience et de marketing éventuels ne sont activés qu'après votre accord, que vous pouvez retirer à tout moment. La mesure d'audience interne du site ne dépose aucun cookie et ne conserve pas votre adresse IP.</p>
<h2>Médiation de la consommation</h2>
<p>En cas de litige, et après une réclamation écrite restée sans réponse satisfaisante, le client consommateur peut recourir gratuitement à un médiateur de la consommation, conformément aux articles L.611-1 et suivants du Code de la consommation. Les coordonnées du médiateur sont indiquées sur nos devis et factures.</p>`,
    },
    {
      title: "Zones d'intervention",
      slug: "zones-intervention",
      metaTitle: "Zones d'intervention autour de Limoges",
      metaDescription:
        "Électricien à Limoges, Panazol, Isle, Couzeix, Le Palais-sur-Vienne, Feytiat, Saint-Junien et Aixe-sur-Vienne : nos zones et délais d'intervention.",
      metaKeywords:
        "électricien Limoges, électricien Panazol, électricien Isle, électricien Couzeix, électricien Feytiat, électricien Saint-Junien",
      content: `<p>Installée à ${company.city}, notre équipe intervient chez les particuliers, les commerces et les entreprises de toute l'agglomération et des communes voisines. Pour un dépannage, nous privilégions les adresses situées à moins de trente minutes de l'atelier afin d'arriver vite.</p>
<h2>Nos communes d'intervention</h2>
<table>
<thead><tr><th scope="col">Commune</th><th scope="col">Distance de l'atelier</th><th scope="col">Délai moyen en dépannage</th></tr></thead>
<tbody>
<tr><td>Limoges</td><td>0 à 8 km</td><td>dans la demi-journée</td></tr>
<tr><td>Panazol</td><td>6 km</td><td>dans la demi-journée</td></tr>
<tr><td>Isle</td><td>7 km</td><td>dans la demi-journée</td></tr>
<tr><td>Le Palais-sur-Vienne</td><td>7 km</td><td>dans la demi-journée</td></tr>
<tr><td>Couzeix</td><td>8 km</td><td>dans la demi-journée</td></tr>
<tr><td>Feytiat</td><td>8 km</td><td>dans la demi-journée</td></tr>
<tr><td>Aixe-sur-Vienne</td><td>14 km</td><td>dans la journée</td></tr>
<tr><td>Saint-Junien</td><td>32 km</td><td>sous 24 heures</td></tr>
</tbody>
</table>
<h2>Au-delà de ces communes</h2>
<p>Pour les chantiers de rénovation, d'installation neuve ou de photovoltaïque, nous nous déplaçons dans toute la Haute-Vienne : Saint-Yrieix-la-Perche, Ambazac, Bellac, Saint-Léonard-de-Noblat… Le déplacement pour établir le devis est gratuit.</p>
<h2>Horaires</h2>
<ul>
<li>Du lundi au vendredi, de 7 h à 17 h.</li>
<li>Dépannages urgents : appelez le <a href="tel:${phoneLink}">${company.phone}</a>, nous vous indiquons immédiatement notre délai d'arrivée.</li>
</ul>
<p>Vous avez un projet ? <a href="/contact">Demandez un devis gratuit</a>, nous vous répondons sous 24 heures ouvrées.</p>`,
    },
  ];
}

export type DemoExpertise = {
  title: string;
  description: string;
  iconName: ExpertiseIcon;
  size: ExpertiseSize;
  backgroundColor: string;
  textColor: string;
  isFeatured: boolean;
  /** A banner picture, for the wide blocks that would otherwise be mostly empty. */
  image?: { motif: Motif; palette: Palette };
};

// Rows of the three-column grid: 3 | 2+1 | 1+1+1 | 1+2. Light text only on backgrounds dark
// enough for it (WCAG AA); green and yellow take black text.
export const demoExpertise: DemoExpertise[] = [
  {
    title: "Installation électrique neuve",
    description:
      "Maisons, extensions et locaux professionnels : de l'étude des besoins au passage du Consuel, nous réalisons des installations complètes conformes à la norme NF C 15-100.",
    iconName: "Zap",
    size: "large",
    backgroundColor: "bg-betic-red",
    textColor: "text-white",
    isFeatured: true,
    image: { motif: "cables", palette: palettes.safety },
  },
  {
    title: "Rénovation électrique",
    description:
      "Remplacement du tableau, du câblage et des appareillages dans les maisons anciennes, en site occupé, avec un planning pièce par pièce.",
    iconName: "Home",
    size: "medium",
    backgroundColor: "bg-card",
    textColor: "text-foreground",
    isFeatured: true,
    image: { motif: "plan", palette: palettes.renovation },
  },
  {
    title: "Dépannage rapide",
    description:
      "Panne, disjoncteur qui saute, odeur de brûlé : nous intervenons vite à Limoges et alentour.",
    iconName: "Wrench",
    size: "small",
    backgroundColor: "bg-yellow-600",
    textColor: "text-black",
    isFeatured: false,
  },
  {
    title: "Mise aux normes",
    description:
      "Diagnostic, correction des anomalies et attestation de conformité pour vendre, louer ou vivre en sécurité.",
    iconName: "ShieldCheck",
    size: "small",
    backgroundColor: "bg-blue-600",
    textColor: "text-white",
    isFeatured: false,
  },
  {
    title: "Photovoltaïque",
    description: "Panneaux solaires en autoconsommation, étude de production et raccordement au réseau.",
    iconName: "Sun",
    size: "small",
    backgroundColor: "bg-green-600",
    textColor: "text-black",
    isFeatured: false,
  },
  {
    title: "Bornes de recharge",
    description:
      "Prises renforcées et bornes murales pour véhicules électriques, posées par un installateur qualifié IRVE.",
    iconName: "Plug",
    size: "small",
    backgroundColor: "bg-purple-600",
    textColor: "text-white",
    isFeatured: false,
  },
  {
    title: "Tertiaire et commerces",
    description:
      "Bureaux, boutiques, cabinets médicaux : éclairage, réseaux et sécurité des établissements recevant du public.",
    iconName: "Building",
    size: "small",
    backgroundColor: "bg-card",
    textColor: "text-foreground",
    isFeatured: false,
  },
  {
    title: "Électricité industrielle",
    description:
      "Armoires de distribution, chemins de câbles, alimentation des machines et relamping LED des ateliers et entrepôts, avec des interventions planifiées pour ne pas arrêter votre production.",
    iconName: "Factory",
    size: "medium",
    backgroundColor: "bg-card",
    textColor: "text-foreground",
    isFeatured: true,
    image: { motif: "factory", palette: palettes.industrial },
  },
];
