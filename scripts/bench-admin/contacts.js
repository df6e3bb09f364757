// bench:admin case: the contact inbox on 100,000 requests (three years of them).
import { count, lastPage } from "../bench-support.js";

export const CONTACTS = 100_000;

/**
 * Requests over three years, newest first, as the form would have stored them, with where their
 * visits came from (the analytics case's pages, sources and a few campaigns).
 */
export async function seedContacts(client, contacts) {
  await client.query(
    `insert into contacts (name, email, phone, subject, message, service_type, status, source_page,
         landing_page, referrer_host, utm_source, utm_medium, utm_campaign, device_type, form_page,
         status_changed_at, created_at)
       select first || ' ' || last,
         lower(first) || '.' || lower(last) || i || '@exemple.fr',
         '06 ' || lpad((i % 100)::text, 2, '0') || ' ' || lpad((i % 97)::text, 2, '0') || ' 34 56',
         (array['Devis tableau électrique', 'Panne de courant', 'Borne de recharge', 'Rénovation complète',
           'Mise aux normes'])[1 + i % 5],
         repeat('Bonjour, je souhaiterais un devis pour des travaux électriques dans ma maison. ', 1 + i % 4),
         (array['installation', 'renovation', 'depannage', 'autre'])[1 + i % 4],
         (array['new', 'in_progress', 'completed', 'archived'])[1 + (i / 7) % 4],
         (array['/', '/contact', '/projects', '/blog', null])[1 + i % 5],
         (array['/', '/contact', '/projects', '/blog', '/about'])[1 + i % 5] ||
           case when i % 3 = 0 then '/page-' || (i % 35) else '' end,
         (array[null, null, 'www.google.fr', 'www.bing.com', 'www.facebook.com', 'www.pagesjaunes.fr'])[1 + i % 6],
         case when i % 10 = 0 then (array['flyer', 'google', 'facebook'])[1 + (i / 10) % 3] end,
         case when i % 10 = 0 then (array['print', 'cpc', 'social'])[1 + (i / 10) % 3] end,
         case when i % 10 = 0 then (array['flyer-printemps', 'bornes-automne', 'facebook-novembre', 'salon-habitat'])[1 + (i / 10) % 4] end,
         (array['mobile', 'mobile', 'desktop', 'tablet'])[1 + i % 4],
         '/contact',
         created, created
       from (
         select i,
           (array['Jean', 'Marie', 'Pierre', 'Sophie', 'Luc', 'Camille', 'Nicolas', 'Julie', 'Thomas', 'Léa'])[1 + i % 10] as first,
           (array['Martin', 'Bernard', 'Dubois', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre',
             'Michel', 'Garcia', 'Roux', 'Fournier', 'Girard', 'Dupont'])[1 + (i / 10) % 15] as last,
           now() - (i * interval '15 minutes' * $2::float8) as created
         from generate_series(1, $1) i
       ) seed`,
    [contacts, CONTACTS / contacts],
  );
  await client.query("analyze contacts");
}

/** The case at `scale` (1 = 100,000 requests): the same three years, fewer requests. */
export default function contactsCase(scale) {
  const contacts = count(CONTACTS, scale);
  const rows = `${contacts.toLocaleString("fr-FR")} demandes`;
  const pages = lastPage(contacts);
  const middle = Math.ceil(pages / 2);
  return {
    name: "contacts",
    seedLabel: `${rows} de contact`,
    seed: (client) => seedContacts(client, contacts),
    screens: [
      ["Contacts : première page", "/admin/contacts", "Gestion des Contacts", rows],
      ["Contacts : recherche « dupont »", "/admin/contacts?q=dupont", "Gestion des Contacts", rows],
      ["Contacts : statut « En cours »", "/admin/contacts?status=in_progress", "Gestion des Contacts", rows],
      ["Contacts : page du milieu", `/admin/contacts?page=${middle}`, `page ${middle} sur ${pages}`, rows],
    ],
  };
}
