import { icons, palettes, type Illustration, type Palette } from "./demo-art.server";

/* The demo blog: three categories, two authors (the family running the business), ten articles. */

export const demoBlogCategories = [
  { name: "Conseils", slug: "conseils", palette: palettes.advice },
  { name: "Normes & sécurité", slug: "normes-securite", palette: palettes.safety },
  { name: "Rénovation", slug: "renovation", palette: palettes.renovation },
] as const;

type CategorySlug = (typeof demoBlogCategories)[number]["slug"];

export const demoBlogAuthors = [
  {
    name: "Julien Bertrand",
    bio: "Gérant de BETIC Électricité, électricien depuis plus de vingt ans. Julien intervient chaque jour sur les chantiers de Limoges et des environs et partage ici ses conseils pour des installations sûres, durables et économes.",
    palette: palettes.safety satisfies Palette,
  },
  {
    name: "Camille Bertrand",
    bio: "Chargée d'études et de la relation client chez BETIC Électricité. Camille prépare les devis, suit les chantiers de rénovation et explique les normes et les aides sans jargon.",
    palette: palettes.renovation satisfies Palette,
  },
] as const;

export type DemoArticle = {
  title: string;
  excerpt: string;
  content: string;
  category: CategorySlug;
  author: 0 | 1;
  readTime: string;
  status: "published" | "draft" | "scheduled";
  /** Publication date, counted back from the day the demo is loaded. */
  daysAgo?: number;
  /** Planned publication, counted forward from the day the demo is loaded. */
  inDays?: number;
  art: Pick<Illustration, "motif" | "icon">;
  seo?: { metaTitle: string; metaDescription: string; metaKeywords: string };
};

export const demoArticles: DemoArticle[] = [
  {
    title: "Tableau électrique : 7 signes qu'il est temps de le remplacer",
    excerpt:
      "Disjoncteurs qui sautent, fusibles en porcelaine, absence de différentiel 30 mA : voici les signaux qui doivent vous alerter sur l'état de votre tableau électrique.",
    category: "normes-securite",
    author: 0,
    readTime: "6 min",
    status: "published",
    daysAgo: 9,
    art: { motif: "panel" },
    seo: {
      metaTitle: "Remplacer son tableau électrique : 7 signes d'alerte | BETIC Électricité",
      metaDescription:
        "Fusibles anciens, disjoncteur qui saute, pas de protection 30 mA ? Les signes qui imposent de remplacer votre tableau électrique, expliqués par un électricien de Limoges.",
      metaKeywords:
        "tableau électrique, remplacement tableau électrique, disjoncteur différentiel, électricien Limoges",
    },
    content: `<p>Le tableau électrique est le cœur de votre installation : il répartit le courant entre les circuits et protège les personnes comme les équipements. Dans beaucoup de maisons de la région construites avant les années 1990, il n'a jamais été modernisé. Voici les signes qui doivent vous décider à le faire contrôler.</p>
<h2>Les signaux d'alerte</h2>
<ul>
<li><strong>Des fusibles à broches ou en porcelaine</strong> : ils ne protègent plus correctement les circuits actuels et se remplacent souvent par des fils inadaptés.</li>
<li><strong>Aucun interrupteur différentiel 30 mA</strong> : c'est lui qui coupe le courant en cas de fuite vers la terre et qui protège les personnes contre l'électrocution.</li>
<li><strong>Un disjoncteur qui saute régulièrement</strong>, surtout quand le four et le lave-linge tournent ensemble.</li>
<li><strong>Une odeur de chaud</strong>, des traces noircies ou un boîtier tiède au toucher.</li>
<li><strong>Des circuits non repérés</strong> : impossible de savoir quel disjoncteur coupe la cuisine.</li>
<li><strong>Plus aucune place libre</strong> pour ajouter un circuit (borne de recharge, climatisation, plaque à induction).</li>
<li><strong>Un support en bois</strong> ou un tableau fixé directement sur un mur humide.</li>
</ul>
<h2>Ce que comprend un remplacement</h2>
<p>Nous posons un tableau neuf conforme à la norme NF C 15-100 : interrupteurs différentiels 30 mA de type AC et A, disjoncteurs divisionnaires calibrés selon la section des câbles, parafoudre si nécessaire et repérage clair de chaque circuit. Nous vérifions aussi la prise de terre, car un différentiel sans terre efficace ne sert pas à grand-chose.</p>
<p>Pour une maison individuelle, l'intervention dure en général une journée, avec une coupure de courant de quelques heures seulement.</p>
<h2>Le bon réflexe</h2>
<p>Si vous reconnaissez au moins un de ces signes, faites établir un diagnostic. Un tableau vétuste est l'une des premières causes d'incendie d'origine électrique dans l'habitat : le remplacer est un investissement modeste au regard de la sécurité qu'il apporte.</p>`,
  },
  {
    title: "Norme NF C 15-100 : les règles essentielles pour votre logement",
    excerpt:
      "Nombre de prises par pièce, circuits spécialisés, gaine technique logement : les points clés de la norme qui encadre toute installation électrique en France.",
    category: "normes-securite",
    author: 1,
    readTime: "8 min",
    status: "published",
    daysAgo: 23,
    art: { motif: "plan" },
    seo: {
      metaTitle: "Norme NF C 15-100 : les règles essentielles à connaître",
      metaDescription:
        "Prises par pièce, circuits spécialisés, protection différentielle, GTL : l'essentiel de la norme NF C 15-100 pour une installation électrique sûre et conforme.",
      metaKeywords: "NF C 15-100, norme électrique, mise aux normes, installation électrique conforme",
    },
    content: `<p>La norme NF C 15-100 fixe les règles de conception et de réalisation des installations électriques basse tension dans les logements. Elle s'impose à toute construction neuve et à toute rénovation complète. Sans entrer dans ses centaines de pages, voici ce qu'il faut retenir.</p>
<h2>La protection des personnes</h2>
<p>Tous les circuits doivent être protégés par des interrupteurs différentiels 30 mA, répartis pour qu'un défaut sur un circuit ne plonge pas toute la maison dans le noir. La liaison à la terre est obligatoire, ainsi que la liaison équipotentielle dans la salle de bains.</p>
<h2>Un nombre minimal de prises</h2>
<ul>
<li><strong>Séjour</strong> : une prise par tranche de 4 m², avec un minimum de cinq.</li>
<li><strong>Chambre</strong> : au moins trois prises.</li>
<li><strong>Cuisine</strong> : au moins six prises, dont quatre au-dessus du plan de travail.</li>
<li><strong>Couloir, WC, entrée</strong> : au moins une prise dans les circulations de plus de 4 m².</li>
</ul>
<h2>Des circuits spécialisés</h2>
<p>Les gros appareils disposent chacun de leur propre circuit : plaque de cuisson, four, lave-linge, lave-vaisselle, sèche-linge, chauffe-eau, congélateur. Une borne de recharge pour véhicule électrique exige elle aussi un circuit dédié.</p>
<h2>La gaine technique logement</h2>
<p>Dans le neuf et en rénovation totale, le tableau, le disjoncteur de branchement et le coffret de communication sont regroupés dans une gaine technique logement (GTL), facilement accessible. Elle permet aussi de faire évoluer l'installation sans tout casser.</p>
<h2>Et dans l'ancien ?</h2>
<p>Une installation ancienne n'a pas l'obligation d'être mise au niveau de la dernière version de la norme, mais elle doit rester sûre. Lors d'une rénovation partielle, nous appliquons la norme aux parties refaites et nous vous signalons les points dangereux du reste de l'installation.</p>`,
  },
  {
    title: "Rénovation électrique d'une maison ancienne : par où commencer ?",
    excerpt:
      "Maison des années 60 ou longère limousine : diagnostic, priorités, organisation du chantier et budget. Notre méthode pour rénover l'électricité sans mauvaise surprise.",
    category: "renovation",
    author: 1,
    readTime: "7 min",
    status: "published",
    daysAgo: 38,
    art: { motif: "cables" },
    content: `<p>Vous venez d'acheter une maison ancienne à Limoges ou dans les communes voisines et l'électricité date d'une autre époque ? Une rénovation bien préparée évite les mauvaises surprises et les travaux faits deux fois.</p>
<h2>1. Commencer par un état des lieux</h2>
<p>Avant tout devis sérieux, nous visitons la maison : tableau, prise de terre, état des câbles et des gaines, nombre de circuits, présence de fils en tissu ou de boîtes de dérivation enterrées dans les murs. Ce diagnostic permet de savoir si l'on peut conserver une partie de l'existant.</p>
<h2>2. Fixer les priorités</h2>
<ul>
<li>La sécurité d'abord : tableau, protection différentielle et terre.</li>
<li>Les pièces d'eau ensuite : salle de bains et cuisine concentrent les risques.</li>
<li>Le confort enfin : éclairage, prises supplémentaires, volets roulants, domotique.</li>
</ul>
<h2>3. Coordonner avec les autres corps de métier</h2>
<p>L'électricité se refait idéalement avant les plaques de plâtre, l'isolation et les peintures. Nous nous coordonnons avec le plaquiste et le plombier pour passer les gaines au bon moment et éviter les saignées dans des murs neufs.</p>
<h2>4. Prévoir l'avenir</h2>
<p>Une rénovation est le moment idéal pour anticiper : une réserve dans le tableau, un circuit pour une future borne de recharge, des gaines vides vers le garage ou le grenier, un réseau informatique dans les pièces de vie.</p>
<h2>5. Le budget</h2>
<p>Pour une maison de 100 m², une rénovation complète représente en général une à deux semaines de travail. Nous détaillons le devis pièce par pièce pour que vous puissiez étaler les travaux si nécessaire, en commençant toujours par la mise en sécurité.</p>`,
  },
  {
    title: "Borne de recharge à domicile : ce qu'il faut savoir avant d'installer",
    excerpt:
      "Prise renforcée ou wallbox, puissance, abonnement, installateur qualifié IRVE : les bonnes questions à se poser avant d'installer une borne de recharge chez soi.",
    category: "conseils",
    author: 0,
    readTime: "6 min",
    status: "published",
    daysAgo: 51,
    art: { motif: "charger" },
    seo: {
      metaTitle: "Installer une borne de recharge à domicile près de Limoges",
      metaDescription:
        "Wallbox ou prise renforcée, puissance adaptée, qualification IRVE : nos conseils d'électricien pour recharger votre véhicule électrique à la maison en toute sécurité.",
      metaKeywords: "borne de recharge, wallbox, IRVE, recharge véhicule électrique, électricien Limoges",
    },
    content: `<p>Recharger sa voiture électrique sur une prise domestique classique est possible en dépannage, mais ce n'est ni rapide ni prévu pour durer. Pour un usage quotidien, deux solutions s'offrent à vous.</p>
<h2>Prise renforcée ou borne murale ?</h2>
<ul>
<li><strong>La prise renforcée</strong> délivre environ 3,2 kW : une batterie moyenne se recharge en une nuit. C'est la solution la plus économique.</li>
<li><strong>La borne murale (wallbox)</strong> monte à 7,4 kW en monophasé, voire 11 kW en triphasé : la recharge est deux à trois fois plus rapide et peut être programmée aux heures creuses.</li>
</ul>
<h2>Vérifier son installation et son abonnement</h2>
<p>Avant la pose, nous contrôlons la puissance souscrite, l'état du tableau et la distance entre le tableau et le stationnement. Une borne de 7,4 kW impose souvent de passer à un abonnement de 9 ou 12 kVA, sauf si elle dispose d'un délestage qui réduit sa puissance quand la maison consomme beaucoup.</p>
<h2>Un installateur qualifié</h2>
<p>Au-delà de 3,7 kW, l'installation doit être réalisée par un professionnel qualifié IRVE (infrastructures de recharge pour véhicules électriques). C'est aussi une condition pour bénéficier des aides publiques et pour que la garantie du fabricant s'applique.</p>
<h2>Les aides</h2>
<p>Selon votre situation, un crédit d'impôt ou une prime peuvent réduire la facture ; en copropriété, le programme Advenir finance une partie des équipements. Les montants évoluant régulièrement, nous faisons le point avec vous au moment du devis.</p>`,
  },
  {
    title: "Réduire sa facture d'électricité : 10 gestes qui font la différence",
    excerpt:
      "Veilles, chauffe-eau, éclairage, heures creuses : dix gestes simples et quelques petits équipements pour baisser durablement votre consommation d'électricité.",
    category: "conseils",
    author: 1,
    readTime: "5 min",
    status: "published",
    daysAgo: 67,
    art: { motif: "lighting" },
    content: `<p>Le prix du kilowattheure a fortement augmenté ces dernières années. Bonne nouvelle : une bonne partie de la consommation d'un foyer peut être réduite sans perdre en confort.</p>
<h2>Dans toute la maison</h2>
<ul>
<li>Couper les veilles avec des multiprises à interrupteur : box, télévision et consoles consomment jour et nuit.</li>
<li>Remplacer les dernières ampoules halogènes par des LED, cinq à dix fois plus sobres.</li>
<li>Installer des détecteurs de présence dans les couloirs, le garage et la cave.</li>
<li>Programmer le chauffe-eau sur les heures creuses grâce à un contacteur jour/nuit.</li>
<li>Baisser le chauffage d'un degré : environ 7 % d'économie sur ce poste.</li>
</ul>
<h2>Dans la cuisine et la buanderie</h2>
<ul>
<li>Dégivrer régulièrement le congélateur et éloigner le réfrigérateur des sources de chaleur.</li>
<li>Laver à 30 °C et faire tourner les appareils aux heures creuses.</li>
<li>Couvrir les casseroles et préférer l'induction aux anciennes plaques en fonte.</li>
</ul>
<h2>Avec un peu d'équipement</h2>
<ul>
<li>Des thermostats programmables sur les radiateurs électriques.</li>
<li>Un gestionnaire d'énergie qui affiche la consommation en temps réel et déleste les gros appareils.</li>
</ul>
<p>Chaque foyer est différent : lors d'une visite, nous repérons les postes les plus gourmands de votre installation et vous proposons les améliorations les plus rentables.</p>`,
  },
  {
    title: "Panneaux solaires en Haute-Vienne : l'autoconsommation est-elle rentable ?",
    excerpt:
      "Ensoleillement du Limousin, dimensionnement, vente du surplus et retour sur investissement : ce qu'il faut savoir avant d'installer des panneaux photovoltaïques.",
    category: "conseils",
    author: 0,
    readTime: "7 min",
    status: "published",
    daysAgo: 84,
    art: { motif: "solar" },
    seo: {
      metaTitle: "Photovoltaïque en Haute-Vienne : l'autoconsommation est-elle rentable ?",
      metaDescription:
        "Production attendue dans le Limousin, dimensionnement, surplus revendu : les clés pour savoir si des panneaux solaires en autoconsommation sont rentables chez vous.",
      metaKeywords: "panneaux solaires Haute-Vienne, autoconsommation, photovoltaïque Limoges",
    },
    content: `<p>On imagine souvent que le photovoltaïque n'a d'intérêt que dans le sud de la France. En Haute-Vienne, une installation bien orientée produit pourtant de l'ordre de 1 100 à 1 200 kWh par an et par kilowatt-crête installé.</p>
<h2>Bien dimensionner</h2>
<p>En autoconsommation, l'objectif est de consommer directement l'électricité produite. Une installation de 3 kWc couvre bien les besoins de journée d'un foyer de quatre personnes : chauffe-eau, appareils ménagers, recharge d'un véhicule. Surdimensionner revient à revendre davantage de surplus, moins bien valorisé.</p>
<h2>Les conditions d'une bonne production</h2>
<ul>
<li>Une toiture orientée du sud-est au sud-ouest, inclinée entre 20 et 40°.</li>
<li>Aucune ombre portée importante (arbre, cheminée, bâtiment voisin).</li>
<li>Une charpente en bon état, vérifiée avant la pose.</li>
</ul>
<h2>Consommer au bon moment</h2>
<p>Programmer le chauffe-eau, le lave-linge ou la recharge de la voiture en milieu de journée augmente fortement la part autoconsommée. Un gestionnaire d'énergie peut le faire automatiquement.</p>
<h2>Le retour sur investissement</h2>
<p>Avec une bonne part d'autoconsommation, une installation se rembourse généralement en une dizaine d'années, pour une durée de vie des panneaux de trente ans et plus. Nous réalisons une étude de production gratuite à partir de vos factures et de votre toiture avant tout engagement.</p>`,
  },
  {
    title: "Diagnostic électrique : obligatoire pour vendre ou louer",
    excerpt:
      "Quand le diagnostic électricité est-il exigé, que contrôle-t-il et que faire des anomalies relevées ? Le point pour les propriétaires vendeurs et bailleurs.",
    category: "normes-securite",
    author: 1,
    readTime: "5 min",
    status: "published",
    daysAgo: 108,
    art: { motif: "scene", icon: icons.ShieldCheck },
    content: `<p>Le diagnostic de l'installation intérieure d'électricité fait partie du dossier de diagnostic technique remis à l'acquéreur ou au locataire. Il informe sur les risques que présente l'installation.</p>
<h2>Quand est-il obligatoire ?</h2>
<ul>
<li><strong>Pour une vente</strong>, lorsque l'installation a plus de quinze ans ; il est valable trois ans.</li>
<li><strong>Pour une location</strong>, dans les mêmes conditions ; il est alors valable six ans.</li>
</ul>
<h2>Que contrôle-t-il ?</h2>
<p>Le diagnostiqueur vérifie notamment la présence d'un appareil général de commande, d'une protection différentielle, d'une prise de terre, la protection des circuits contre les surintensités, les règles de sécurité dans la salle de bains et l'absence de matériel vétuste ou de conducteurs nus accessibles.</p>
<h2>Et en cas d'anomalies ?</h2>
<p>Le diagnostic n'oblige pas à réaliser des travaux avant une vente, mais les anomalies peuvent peser dans la négociation. Pour une location, le logement doit en revanche être décent : une installation dangereuse doit être corrigée.</p>
<p>Nous intervenons régulièrement après un diagnostic : nous reprenons le rapport point par point et chiffrons uniquement les corrections nécessaires, avec une attestation des travaux réalisés.</p>`,
  },
  {
    title: "Salle de bains : les règles de sécurité électrique à respecter",
    excerpt:
      "Volumes de sécurité, indice de protection, liaison équipotentielle : comment installer éclairage, prises et sèche-serviettes dans une salle de bains sans danger.",
    category: "normes-securite",
    author: 0,
    readTime: "6 min",
    status: "published",
    daysAgo: 131,
    art: { motif: "scene", icon: icons.Plug },
    content: `<p>L'eau et l'électricité ne font pas bon ménage : la salle de bains fait l'objet de règles particulières dans la norme NF C 15-100. Elles se résument en une notion clé, les volumes.</p>
<h2>Les volumes de sécurité</h2>
<ul>
<li><strong>Volume 0</strong> : l'intérieur de la baignoire ou du receveur. Seul le très basse tension de sécurité (12 V) y est admis.</li>
<li><strong>Volume 1</strong> : au-dessus de la baignoire ou de la douche, jusqu'à 2,25 m. Chauffe-eau et luminaires très basse tension uniquement, sous conditions.</li>
<li><strong>Volume 2</strong> : une bande de 60 cm autour du volume 1. Luminaires de classe II et sèche-serviettes adaptés, mais pas de prise de courant classique.</li>
<li><strong>Hors volume</strong> : les prises sont autorisées, protégées par un différentiel 30 mA.</li>
</ul>
<h2>L'indice de protection</h2>
<p>Chaque appareil porte un indice IP qui indique sa résistance à l'eau. Plus on se rapproche de la douche, plus l'indice exigé est élevé : IPX4 au minimum en volume 2, IPX5 pour une douche à jets.</p>
<h2>La liaison équipotentielle</h2>
<p>Toutes les parties métalliques (canalisations, bonde, huisseries) sont reliées à la terre par un conducteur dédié. Elle évite qu'une différence de potentiel dangereuse apparaisse entre deux éléments que l'on peut toucher en même temps.</p>
<p>Vous refaites votre salle de bains ? Faites intervenir l'électricien dès la conception : l'emplacement de la douche détermine celui de toutes les installations électriques.</p>`,
  },
  {
    title: "Domotique : piloter son chauffage électrique depuis son smartphone",
    excerpt:
      "Fil pilote, thermostats connectés, gestionnaire d'énergie : les solutions pour commander à distance des radiateurs électriques et réduire leur consommation.",
    category: "renovation",
    author: 1,
    readTime: "5 min",
    status: "draft",
    art: { motif: "scene", icon: icons.Gauge },
    content: `<p>Le chauffage représente souvent plus de la moitié de la consommation d'électricité d'une maison. Le piloter finement, pièce par pièce et à distance, est l'un des moyens les plus efficaces de réduire la facture.</p>
<h2>Le fil pilote, base de tout</h2>
<p>La plupart des radiateurs électriques récents disposent d'un fil pilote. Relié à un programmateur ou à un module connecté, il permet de passer chaque radiateur en confort, éco ou hors-gel.</p>
<h2>Les solutions connectées</h2>
<ul>
<li>Des modules fil pilote installés dans le tableau ou derrière les radiateurs.</li>
<li>Des thermostats connectés pièce par pièce.</li>
<li>Un gestionnaire d'énergie qui coordonne chauffage, chauffe-eau et recharge du véhicule.</li>
</ul>
<p>Nous vous aidons à choisir une solution compatible avec vos radiateurs existants.</p>`,
  },
  {
    title: "Préparer son installation électrique avant l'hiver",
    excerpt:
      "Radiateurs, chauffe-eau, éclairage extérieur et protection contre la foudre : la check-list d'automne pour passer l'hiver sans panne ni mauvaise surprise.",
    category: "conseils",
    author: 0,
    readTime: "4 min",
    status: "scheduled",
    inDays: 10,
    art: { motif: "scene", icon: icons.Zap },
    content: `<p>Les premiers froids sollicitent fortement l'installation électrique : chauffage, éclairage plus long, appareils qui tournent davantage. Quelques vérifications à l'automne évitent les pannes au pire moment.</p>
<h2>La check-list d'automne</h2>
<ul>
<li>Tester les interrupteurs différentiels avec leur bouton « test » : ils doivent déclencher immédiatement.</li>
<li>Dépoussiérer les radiateurs et vérifier leur programmation.</li>
<li>Contrôler l'éclairage extérieur et les prises de jardin, exposés à l'humidité.</li>
<li>Vérifier le parafoudre si votre maison en est équipée, après les orages de l'été.</li>
<li>Faire détartrer le chauffe-eau s'il n'a pas été entretenu depuis plusieurs années.</li>
</ul>
<h2>Les signes qui doivent alerter</h2>
<p>Disjoncteur qui saute quand le chauffage démarre, odeur de chaud près d'une prise, lumière qui vacille : n'attendez pas la panne, appelez-nous pour un contrôle.</p>`,
  },
];

export function articlePalette(category: CategorySlug): Palette {
  return demoBlogCategories.find((c) => c.slug === category)!.palette;
}
