import { palettes, type Motif, type Palette } from "./demo-art.server";

/* The demo portfolio: eight finished jobs around Limoges in three categories. */

export const demoProjectCategories = [
  { name: "Résidentiel", slug: "residentiel", palette: palettes.residential },
  { name: "Tertiaire", slug: "tertiaire", palette: palettes.commercial },
  { name: "Industriel", slug: "industriel", palette: palettes.industrial },
] as const satisfies readonly { name: string; slug: string; palette: Palette }[];

type CategoryName = (typeof demoProjectCategories)[number]["name"];

export type DemoGalleryImage = {
  motif: Motif;
  alt: string;
  seoDescription?: string;
  seoKeywords?: string;
};

export type DemoProject = {
  title: string;
  description: string;
  location: string;
  category: CategoryName;
  readTime: string;
  daysAgo: number;
  mainMotif: Motif;
  content: string;
  challenges: string;
  solutions: string;
  results: string;
  gallery: DemoGalleryImage[];
  seo?: { metaTitle: string; metaDescription: string; metaKeywords: string };
};

export const demoProjects: DemoProject[] = [
  {
    title: "Rénovation électrique complète d'une maison de 1965 à Panazol",
    description:
      "Remplacement intégral de l'installation d'une maison familiale des années 60 : tableau, câblage, prises et éclairage, sans quitter les lieux pendant les travaux.",
    location: "Panazol",
    category: "Résidentiel",
    readTime: "5 min",
    daysAgo: 14,
    mainMotif: "panel",
    seo: {
      metaTitle: "Rénovation électrique d'une maison de 1965 à Panazol",
      metaDescription:
        "Tableau neuf, câblage refait et mise aux normes NF C 15-100 d'une maison des années 60 à Panazol, réalisés en site occupé par BETIC Électricité.",
      metaKeywords: "rénovation électrique Panazol, mise aux normes maison ancienne, tableau électrique",
    },
    content: `<p>Les propriétaires de cette maison de 120 m² à Panazol souhaitaient rénover l'électricité avant de refaire les peintures. L'installation d'origine comptait encore des fusibles à broches, des fils sous baguettes en bois et aucune protection différentielle.</p>
<p>Nous avons repris l'ensemble de l'installation, pièce par pièce, en laissant la famille occuper la maison : chaque soir, les pièces terminées étaient à nouveau alimentées.</p>
<h2>Le programme des travaux</h2>
<ul>
<li>Création d'une gaine technique logement dans l'entrée et pose d'un tableau de quatre rangées.</li>
<li>Remplacement de tout le câblage, encastré dans les cloisons ou sous moulures selon les murs.</li>
<li>Ajout de prises dans le séjour, la cuisine et les chambres selon la norme NF C 15-100.</li>
<li>Éclairage LED encastré dans la cuisine et le séjour, variateurs dans les chambres.</li>
</ul>`,
    challenges: `<p>Des murs en moellons épais et irréguliers, difficiles à rainurer, et une famille de quatre personnes présente pendant tout le chantier.</p>`,
    solutions: `<p>Passage des câbles par les combles et le vide sanitaire pour limiter les saignées, moulures discrètes sur les murs en pierre, et un planning pièce par pièce validé avec les propriétaires.</p>`,
    results: `<ul><li>Installation entièrement conforme, attestation Consuel obtenue.</li><li>Dix jours de chantier, sans aucune nuit sans électricité.</li><li>Consommation d'éclairage divisée par quatre grâce aux LED.</li></ul>`,
    gallery: [
      {
        motif: "panel",
        alt: "Nouveau tableau électrique à quatre rangées dans la gaine technique",
        seoDescription: "Tableau électrique neuf conforme NF C 15-100 avec interrupteurs différentiels 30 mA",
        seoKeywords: "tableau électrique, différentiel 30 mA, Panazol",
      },
      { motif: "plan", alt: "Plan des circuits du rez-de-chaussée" },
      { motif: "cables", alt: "Passage des nouveaux câbles dans les combles" },
      {
        motif: "lighting",
        alt: "Éclairage LED du séjour rénové",
        seoDescription: "Suspensions et spots LED dans le séjour après rénovation",
        seoKeywords: "éclairage LED, rénovation séjour",
      },
    ],
  },
  {
    title: "Installation photovoltaïque de 6 kWc en autoconsommation à Couzeix",
    description:
      "Pose de seize panneaux solaires sur une toiture orientée sud, avec gestionnaire d'énergie pour consommer un maximum de la production sur place.",
    location: "Couzeix",
    category: "Résidentiel",
    readTime: "5 min",
    daysAgo: 33,
    mainMotif: "solar",
    content: `<p>Cette maison récente de Couzeix, chauffée par pompe à chaleur, consommait près de 9 000 kWh par an. Ses propriétaires voulaient produire une partie de leur électricité et recharger leur voiture au soleil.</p>
<p>Après une étude de production et une vérification de la charpente, nous avons installé 6 kWc de panneaux, un onduleur et un gestionnaire d'énergie qui pilote le chauffe-eau et la borne de recharge.</p>`,
    challenges: `<p>Une toiture en tuiles canal délicate à traverser et un tableau existant sans place pour les nouvelles protections.</p>`,
    solutions: `<p>Système d'intégration adapté aux tuiles canal, coffret de protection photovoltaïque séparé et extension du tableau avec une rangée supplémentaire.</p>`,
    results: `<ul><li>Production estimée à 6 800 kWh par an.</li><li>Près de 70 % de la production consommée sur place.</li><li>Raccordement et mise en service en trois jours.</li></ul>`,
    gallery: [
      {
        motif: "solar",
        alt: "Panneaux solaires posés sur la toiture sud",
        seoDescription: "Seize panneaux photovoltaïques en autoconsommation à Couzeix",
        seoKeywords: "panneaux solaires, autoconsommation, Couzeix",
      },
      { motif: "panel", alt: "Coffret de protection photovoltaïque et tableau étendu" },
      { motif: "charger", alt: "Borne de recharge pilotée par le gestionnaire d'énergie" },
    ],
  },
  {
    title: "Borne de recharge et mise aux normes du tableau à Feytiat",
    description:
      "Installation d'une borne de recharge 7,4 kW dans un garage avec délestage, et remplacement du tableau électrique devenu trop petit pour la maison.",
    location: "Feytiat",
    category: "Résidentiel",
    readTime: "2 min",
    daysAgo: 58,
    mainMotif: "charger",
    content: `<p>Après l'achat d'une voiture électrique, ce couple de Feytiat rechargeait sur une simple prise du garage, avec des coupures dès que le four fonctionnait. Nous avons installé une borne murale de 7,4 kW et remplacé le tableau, qui n'avait plus aucune place libre.</p>
<p>Un délestage réduit automatiquement la puissance de la borne lorsque la maison consomme beaucoup : pas besoin d'augmenter l'abonnement.</p>`,
    challenges: `<p>Un abonnement de 9 kVA à conserver et un garage situé à 25 mètres du tableau.</p>`,
    solutions: `<p>Câble de forte section en goulotte, borne avec délestage dynamique et programmation de la recharge sur les heures creuses.</p>`,
    results: `<ul><li>Recharge complète en une nuit, sans coupure.</li><li>Abonnement inchangé.</li><li>Installation réalisée par un installateur qualifié IRVE, éligible aux aides.</li></ul>`,
    gallery: [
      { motif: "charger", alt: "Borne de recharge murale installée dans le garage" },
      {
        motif: "panel",
        alt: "Nouveau tableau avec circuit dédié à la borne",
        seoDescription: "Tableau électrique avec protection dédiée à la borne de recharge",
        seoKeywords: "borne de recharge, IRVE, Feytiat",
      },
      { motif: "cables", alt: "Liaison entre le tableau et le garage" },
    ],
  },
  {
    title: "Éclairage LED et prises d'un plateau de bureaux à Limoges",
    description:
      "Réaménagement électrique d'un plateau de 400 m² en centre-ville : éclairage LED gradable, postes de travail et salles de réunion équipées.",
    location: "Limoges",
    category: "Tertiaire",
    readTime: "5 min",
    daysAgo: 26,
    mainMotif: "lighting",
    seo: {
      metaTitle: "Éclairage LED d'un plateau de bureaux à Limoges",
      metaDescription:
        "400 m² de bureaux équipés en éclairage LED gradable avec détection de présence et postes de travail câblés, à Limoges.",
      metaKeywords: "éclairage bureaux Limoges, LED tertiaire, électricien tertiaire",
    },
    content: `<p>Une agence d'architecture s'installait dans un plateau de 400 m² près de la place de la République. Les anciens tubes fluorescents et les prises en nombre insuffisant ne convenaient plus à une équipe de vingt-cinq personnes.</p>
<p>Nous avons conçu un éclairage LED gradable avec détection de présence et de luminosité, et câblé chaque poste de travail avec prises protégées et prises réseau.</p>`,
    challenges: `<p>Des travaux à réaliser en trois semaines, avant l'emménagement, dans un immeuble occupé par d'autres entreprises.</p>`,
    solutions: `<p>Préfabrication des luminaires et des goulottes en atelier, interventions bruyantes programmées tôt le matin, coordination quotidienne avec le plaquiste.</p>`,
    results: `<ul><li>Consommation d'éclairage réduite de 60 % par rapport aux anciens tubes.</li><li>Livraison dans les délais, la veille de l'emménagement.</li><li>Un éclairage confortable de 500 lux sur les postes de travail.</li></ul>`,
    gallery: [
      {
        motif: "lighting",
        alt: "Suspensions LED au-dessus des postes de travail",
        seoDescription: "Éclairage LED gradable dans un open space de Limoges",
        seoKeywords: "éclairage LED bureaux, Limoges",
      },
      { motif: "facade", alt: "L'immeuble du centre-ville à la tombée de la nuit" },
      { motif: "plan", alt: "Plan d'implantation des postes de travail" },
      { motif: "cables", alt: "Câblage des postes dans les goulottes" },
      { motif: "panel", alt: "Tableau divisionnaire du plateau" },
    ],
  },
  {
    title: "Mise en conformité d'une boulangerie-pâtisserie à Aixe-sur-Vienne",
    description:
      "Nouveau tableau, circuits dédiés aux fours et au laboratoire, éclairage du magasin : une remise à niveau complète réalisée en trois nuits de fermeture.",
    location: "Aixe-sur-Vienne",
    category: "Tertiaire",
    readTime: "5 min",
    daysAgo: 72,
    mainMotif: "panel",
    content: `<p>À la suite d'un contrôle de l'installation, cette boulangerie d'Aixe-sur-Vienne devait corriger plusieurs non-conformités : protections inadaptées aux fours, prises sans terre dans le laboratoire, tableau surchargé.</p>
<p>Pour ne pas fermer la boutique, nous avons travaillé de nuit et le lundi, jour de fermeture hebdomadaire.</p>`,
    challenges: `<p>Aucune interruption possible pendant les heures de fabrication, et des équipements triphasés de forte puissance.</p>`,
    solutions: `<p>Tableau neuf préparé en atelier puis basculé en une nuit, circuits dédiés pour chaque four et chambre de pousse, prises étanches dans le laboratoire.</p>`,
    results: `<ul><li>Rapport de vérification sans aucune réserve.</li><li>Zéro jour de fermeture lié aux travaux.</li><li>Vitrine éclairée en LED, plus lumineuse et moins chaude.</li></ul>`,
    gallery: [
      {
        motif: "panel",
        alt: "Tableau triphasé de la boulangerie",
        seoDescription: "Tableau électrique triphasé pour fours de boulangerie",
        seoKeywords: "mise en conformité commerce, boulangerie, Aixe-sur-Vienne",
      },
      { motif: "lighting", alt: "Éclairage LED de la vitrine" },
      { motif: "cables", alt: "Alimentation des fours en triphasé" },
    ],
  },
  {
    title: "Courants faibles et réseau d'un cabinet médical à Isle",
    description:
      "Câblage informatique, contrôle d'accès, alarme et éclairage de sécurité pour une maison de santé de six praticiens ouverte au public.",
    location: "Isle",
    category: "Tertiaire",
    readTime: "5 min",
    daysAgo: 96,
    mainMotif: "facade",
    content: `<p>Six praticiens se regroupaient dans un ancien bâtiment réhabilité à Isle. Il fallait équiper chaque cabinet en réseau, installer un contrôle d'accès et mettre l'établissement en conformité avec les règles des établissements recevant du public.</p>
<p>Nous avons installé une baie de brassage, quarante prises réseau, des lecteurs de badges et un éclairage de sécurité complet.</p>`,
    challenges: `<p>Un bâtiment ancien aux murs épais et la confidentialité des données médicales à garantir.</p>`,
    solutions: `<p>Cheminements par faux plafonds, baie informatique fermée à clé dans un local dédié, réseau séparé pour les visiteurs.</p>`,
    results: `<ul><li>Ouverture de la maison de santé à la date prévue.</li><li>Visite de la commission de sécurité sans observation.</li><li>Un réseau évolutif, avec 30 % de prises en réserve.</li></ul>`,
    gallery: [
      { motif: "facade", alt: "La maison de santé après réhabilitation" },
      {
        motif: "cables",
        alt: "Baie de brassage et câblage réseau",
        seoDescription: "Baie de brassage et câblage catégorie 6A d'un cabinet médical",
        seoKeywords: "courants faibles, câblage réseau, Isle",
      },
      { motif: "plan", alt: "Plan des prises réseau et des lecteurs de badges" },
      { motif: "lighting", alt: "Éclairage de la salle d'attente" },
    ],
  },
  {
    title: "Distribution électrique d'un atelier de porcelaine au Palais-sur-Vienne",
    description:
      "Création d'une nouvelle distribution pour un atelier de fabrication : armoire générale, chemins de câbles et alimentation de deux fours électriques.",
    location: "Le Palais-sur-Vienne",
    category: "Industriel",
    readTime: "10 min",
    daysAgo: 45,
    mainMotif: "factory",
    seo: {
      metaTitle: "Distribution électrique d'un atelier de porcelaine – Le Palais-sur-Vienne",
      metaDescription:
        "Armoire générale basse tension, chemins de câbles et alimentation de fours pour un atelier de porcelaine près de Limoges.",
      metaKeywords: "électricité industrielle, atelier porcelaine, armoire électrique, Haute-Vienne",
    },
    content: `<p>Une manufacture de porcelaine agrandissait son atelier de cuisson avec deux nouveaux fours électriques. L'installation existante, saturée, ne pouvait pas les alimenter.</p>
<p>Nous avons étudié les puissances, créé une armoire générale basse tension, posé 120 mètres de chemins de câbles et raccordé les fours et les postes de travail.</p>`,
    challenges: `<p>Des fours de forte puissance, une production qui ne pouvait pas s'arrêter plus d'une journée et un environnement chaud et poussiéreux.</p>`,
    solutions: `<p>Travaux préparatoires réalisés pendant la production, bascule sur la nouvelle armoire un samedi, matériel à indice de protection renforcé et ventilation de l'armoire.</p>`,
    results: `<ul><li>Deux fours supplémentaires en service.</li><li>Une seule journée d'arrêt de production.</li><li>Une réserve de puissance de 25 % pour les projets futurs.</li></ul>`,
    gallery: [
      {
        motif: "factory",
        alt: "L'atelier de cuisson agrandi",
        seoDescription: "Atelier de cuisson de porcelaine alimenté par une nouvelle distribution électrique",
        seoKeywords: "atelier porcelaine, électricité industrielle",
      },
      { motif: "cables", alt: "Chemins de câbles au-dessus des fours" },
      { motif: "panel", alt: "Armoire générale basse tension" },
      { motif: "plan", alt: "Schéma de distribution de l'atelier" },
    ],
  },
  {
    title: "Relamping LED d'un entrepôt logistique à Saint-Junien",
    description:
      "Remplacement de 180 luminaires à iodures métalliques par des projecteurs LED à détection, dans un entrepôt de 6 000 m² en activité.",
    location: "Saint-Junien",
    category: "Industriel",
    readTime: "5 min",
    daysAgo: 121,
    mainMotif: "lighting",
    content: `<p>Dans cet entrepôt de 6 000 m² à Saint-Junien, l'éclairage fonctionnait jour et nuit avec des lampes à iodures métalliques gourmandes et longues à rallumer.</p>
<p>Nous avons remplacé les 180 luminaires par des projecteurs LED équipés de détecteurs, installés allée par allée à l'aide d'une nacelle, sans interrompre l'activité.</p>`,
    challenges: `<p>Des hauteurs de 12 mètres, des chariots en circulation permanente et un calendrier contraint.</p>`,
    solutions: `<p>Interventions par zones balisées, en dehors des pics d'activité, et réutilisation des lignes d'alimentation existantes.</p>`,
    results: `<ul><li>Économie de 70 % sur la consommation d'éclairage.</li><li>Éclairement amélioré dans les allées de préparation.</li><li>Éligible aux certificats d'économie d'énergie.</li></ul>`,
    gallery: [
      {
        motif: "lighting",
        alt: "Projecteurs LED au-dessus des allées de stockage",
        seoDescription: "Éclairage LED industriel d'un entrepôt de 6 000 m²",
        seoKeywords: "relamping LED, entrepôt, Saint-Junien",
      },
      { motif: "factory", alt: "L'entrepôt logistique" },
      { motif: "cables", alt: "Raccordement des projecteurs sur les lignes existantes" },
    ],
  },
];

export function projectPalette(category: CategoryName): Palette {
  return demoProjectCategories.find((c) => c.name === category)!.palette;
}
