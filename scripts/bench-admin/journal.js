// bench:admin case: the activity journal on 1,000,000 audit rows (three years of a busy office).
import { count } from "../bench-support.js";

const ROWS = 1_000_000;
const STAFF = 8;
/** The numbers in the elements' titles ("Chauffage 4999"): they scale with the rows (1/100: 50). */
const TITLES = 5_000;
const DAY = 86_400_000;

/**
 * Eight staff accounts beside the bench's admin, then the rows in one INSERT … SELECT: half
 * updates, creations, sign-ins, status changes, trash and deletes, 1% written by the daily jobs
 * (no account), and one GDPR erasure in 100,000 (the rare action). Titles repeat every `titles` rows.
 */
async function seed(client, rows, titles) {
  await client.query(
    `insert into users (name, email, role)
     select 'Équipe ' || i, 'equipe' || i || '@example.test', 'user' from generate_series(1, $1) i`,
    [STAFF],
  );
  await client.query(
    `with staff as (
       select array_agg(id order by email) as ids, array_agg(email order by email) as emails, count(*) as n
       from users
     )
     insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, changed_fields, details,
         ip_address, created_at)
     select case when bucket = 99 then null else staff.ids[1 + i % staff.n] end,
       case when bucket = 99 then null else staff.emails[1 + i % staff.n] end,
       case when i % 100000 = 7 then 'erase'
         when bucket < 50 then 'update' when bucket < 65 then 'create' when bucket < 80 then 'sign_in'
         when bucket < 90 then 'status' when bucket < 95 then 'trash' when bucket < 99 then 'delete'
         else 'trash_purge' end,
       case when bucket between 65 and 79 then 'users' when bucket between 80 and 89 then 'contacts'
         when bucket = 99 then 'trash_items'
         else (array['blog_articles', 'projects', 'cms_pages', 'expertise_blocks'])[1 + i % 4] end,
       case when bucket = 99 then null else gen_random_uuid()::text end,
       case when bucket < 50 then array['title', 'content'] end,
       case when bucket between 65 and 79 then null
         else jsonb_build_object('label', (array['Borne de recharge', 'Tableau électrique', 'Mise aux normes',
           'Rénovation complète', 'Éclairage LED', 'Panneaux solaires', 'Interphone', 'Chauffage'])[1 + i % 8]
           || ' ' || (i % $3)) end,
       case when bucket = 99 then null else '192.0.2.' || (1 + i % 200) end,
       now() - (i * interval '1 second' * 94.6 * $2::float8)
     from staff, (select i, i % 100 as bucket from generate_series(1, $1) i) seed`,
    [rows, ROWS / rows, titles],
  );
  await client.query("analyze audit_log");
  const editor = await client.query("select id from users where email = 'equipe1@example.test'");
  // Where 'Plus anciennes' would be after half the journal: reached here by OFFSET, once.
  const middle = await client.query(
    "select created_at::text || '_' || id as cursor from audit_log order by created_at desc, id desc offset $1 limit 1",
    [Math.floor(rows / 2)],
  );
  const day = (ago) => new Date(Date.now() - ago * DAY).toISOString().slice(0, 10);
  return {
    editor: editor.rows[0].id,
    middle: encodeURIComponent(middle.rows[0].cursor),
    from: day(395),
    to: day(365),
  };
}

/** The case at `scale` (1 = 1,000,000 rows): the same three years, fewer rows. */
export default function journalCase(scale) {
  const rows = count(ROWS, scale);
  const titles = count(TITLES, scale);
  // The last number's « Chauffage »: 200 rows of 1,000,000, 50 of 10,000 (a full page in both runs).
  const searched = `chauffage ${titles - 1}`;
  const label = `${rows.toLocaleString("fr-FR")} lignes d'audit`;
  // Always on the page (its title's apostrophe is escaped in the HTML).
  const title = "Exporter (CSV)";
  return {
    name: "journal",
    seedLabel: label,
    seed: (client) => seed(client, rows, titles),
    screens: [
      ["Journal : première page", "/admin/journal", "Plus anciennes", label],
      ["Journal : personne + action", "/admin/journal?person={editor}&action=update", title, label],
      ["Journal : type + un mois", "/admin/journal?type=projects&from={from}&to={to}", title, label],
      ["Journal : action rare (RGPD)", "/admin/journal?action=erase", title, label],
      ["Journal : Système (tâches)", "/admin/journal?person=system", title, label],
      ["Journal : recherche d'un titre", `/admin/journal?q=${encodeURIComponent(searched)}`, title, label],
      ["Journal : curseur au milieu", "/admin/journal?older={middle}", "Plus récentes", label],
    ],
  };
}
