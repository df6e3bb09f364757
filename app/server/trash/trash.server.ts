/**
 * The trash (issue 21, decision 012): 'Supprimer' on an article, project, CMS page, expertise block,
 * author or contact request moves the row out of its table into `trash_items`, with the rows that
 * hang on it (category links, gallery, notes, old-slug redirects). Every read of the live tables
 * therefore leaves it out with no filter to remember; restoring puts the same rows back (same id,
 * so its revisions and audit trail follow it); purging, by hand or after 30 days, drops it for good
 * and then the files nothing else uses.
 */
import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { subDays } from "date-fns";
import { trashEntityTypes, type TrashEntityType } from "~/lib/enums";
import { recordAudit } from "~/server/audit/audit.server";
import {
  mutate,
  MissingRowError,
  type MutationContext,
  type MutationScope,
} from "~/server/audit/mutation.server";
import { TRASH_RETENTION_DAYS } from "~/lib/schemas/trash";
import { db, type DatabaseTransaction } from "~/server/db/client.server";
import {
  blogArticles,
  blogAuthors,
  cmsPages,
  contacts,
  expertiseBlocks,
  projects,
  trashItems,
} from "~/server/db/schema";
import { assertMayEraseContacts } from "~/server/contacts/retention.server";
import { logger as rootLogger } from "~/server/logger.server";
import { deleteMediaIfUnused } from "~/server/media/cleanup.server";

const logger = rootLogger.child({ module: "trash" });

/** A row hanging on the trashed one by `key` (deleted with it by cascade, put back with it). */
type Child = { table: string; key: string };

type Kind = {
  table: PgTable & { id: PgColumn };
  /** What the trash list shows as the item's title. */
  title: SQL;
  /** The table has a unique public slug (checked again on restore). */
  slug: boolean;
  children: Child[];
};

const kinds: Record<TrashEntityType, Kind> = {
  blog_articles: {
    table: blogArticles,
    title: sql`t.title`,
    slug: true,
    children: [{ table: "blog_article_categories", key: "article_id" }],
  },
  projects: {
    table: projects,
    title: sql`t.title`,
    slug: true,
    children: [
      { table: "project_images", key: "project_id" },
      { table: "project_category_relations", key: "project_id" },
    ],
  },
  cms_pages: { table: cmsPages, title: sql`t.title`, slug: true, children: [] },
  expertise_blocks: { table: expertiseBlocks, title: sql`t.title`, slug: false, children: [] },
  blog_authors: { table: blogAuthors, title: sql`t.name`, slug: false, children: [] },
  contacts: {
    table: contacts,
    title: sql`t.name || coalesce(' — ' || t.subject, '')`,
    slug: false,
    children: [{ table: "contact_notes", key: "contact_id" }],
  },
};

/** The trashed row's old addresses (content with a public page): their 301s come back with it. */
const hasSlugRedirects = (type: TrashEntityType) =>
  type === "blog_articles" || type === "projects" || type === "cms_pages";

export function isTrashEntityType(value: unknown): value is TrashEntityType {
  return (trashEntityTypes as readonly unknown[]).includes(value);
}

/**
 * Moves a row to the trash inside `m`'s transaction: its snapshot (row, children, old-slug
 * redirects, for a contact request the ids of the e-mails about it), then the delete, audited
 * "trash". Returns the deleted row. Throws MissingRowError when it is gone.
 */
export async function moveToTrash<T extends TrashEntityType>(
  m: MutationScope,
  deletedBy: MutationContext["actor"],
  type: T,
  id: string,
) {
  const kind = kinds[type];
  const table = sql.identifier(type);
  // Locked first: no save may slip between the snapshot and the delete.
  const locked = await m.tx.execute(sql`select 1 from ${table} where id = ${id} for update`);
  if (locked.rows.length === 0) throw new MissingRowError(type, id);
  const children = kind.children.map(
    (child) =>
      sql`${child.table}::text, (select coalesce(jsonb_agg(to_jsonb(c)), '[]') from ${sql.identifier(child.table)} c where c.${sql.identifier(child.key)} = t.id)`,
  );
  if (hasSlugRedirects(type))
    children.push(
      sql`'slug_redirects', (select coalesce(jsonb_agg(to_jsonb(r)), '[]') from slug_redirects r where r.entity_type = ${type} and r.entity_id = t.id)`,
    );
  if (type === "contacts")
    children.push(
      sql`'email_outbox', (select coalesce(jsonb_agg(o.id), '[]') from email_outbox o where o.contact_id = t.id)`,
    );
  await m.tx.execute(sql`
    insert into ${trashItems} (entity_type, entity_id, title, slug, data, deleted_by, deleted_by_email)
    select ${type}, t.id, ${kind.title}, ${kind.slug ? sql`t.slug` : sql`null`},
      jsonb_build_object('row', to_jsonb(t), 'children', jsonb_build_object(${sql.join(children, sql`, `)})),
      ${deletedBy.id}, ${deletedBy.email}
    from ${table} t where t.id = ${id}`);
  return m.remove(kind.table, id, { action: "trash" });
}

/** A restore whose slug another item took meanwhile: `proposal` is free. Nothing was written. */
export class TrashSlugTakenError extends Error {
  constructor(
    readonly slug: string,
    readonly proposal: string,
  ) {
    super(`Le slug « ${slug} » est déjà utilisé par un autre contenu.`);
    this.name = "TrashSlugTakenError";
  }
}

/** A restore that needs another trashed item back first (an article's author). Nothing was written. */
export class TrashDependencyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TrashDependencyError";
  }
}

type TrashRow = typeof trashItems.$inferSelect;
type Snapshot = { row: Record<string, unknown>; children: Record<string, unknown[]> };

async function lockTrashItem(tx: DatabaseTransaction, id: string): Promise<TrashRow> {
  const [item] = await tx.select().from(trashItems).where(eq(trashItems.id, id)).for("update");
  if (!item) throw new MissingRowError("trash_items", id);
  return item;
}

/** `stem`, or `stem-2`, `stem-3`... whichever no row of `table` holds. */
async function freeSlug(tx: DatabaseTransaction, type: TrashEntityType, stem: string) {
  const result = await tx.execute<{ slug: string }>(
    sql`select slug from ${sql.identifier(type)} where slug = ${stem} or slug like ${`${stem.replace(/[\\%_]/g, "\\$&")}-%`}`,
  );
  const taken = new Set(result.rows.map((row) => row.slug));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/**
 * Puts a trashed item back as it was: the row (status, dates, slug), its children, its old-slug
 * redirects; its revisions never left. `slug` (from the person, after a TrashSlugTakenError)
 * replaces a slug another item took meanwhile. Category links to a category deleted since are
 * dropped; an article whose author is in the trash asks for the author first (TrashDependencyError),
 * one whose author was purged comes back without one. Audited "trash_restore".
 */
export async function restoreFromTrash(context: MutationContext, id: string, slug?: string) {
  return mutate(context, async (m) => {
    const item = await lockTrashItem(m.tx, id);
    const type = item.entityType as TrashEntityType;
    const snapshot = item.data as Snapshot;
    const row = { ...snapshot.row };
    if (kinds[type].slug) {
      const wanted = slug || String(row.slug);
      const available = await freeSlug(m.tx, type, wanted);
      if (available !== wanted) throw new TrashSlugTakenError(wanted, available);
      row.slug = wanted;
    }
    if (type === "blog_articles" && row.author_id) await keepAuthor(m.tx, row);
    const table = sql.identifier(type);
    await m.tx.execute(
      sql`insert into ${table} select * from jsonb_populate_record(null::${table}, ${JSON.stringify(row)}::jsonb)`,
    );
    for (const child of kinds[type].children)
      await restoreChildren(m.tx, child.table, snapshot.children[child.table]);
    if (hasSlugRedirects(type) && snapshot.children.slug_redirects?.length)
      await m.tx.execute(sql`
        insert into slug_redirects
        select * from jsonb_populate_recordset(null::slug_redirects, ${JSON.stringify(snapshot.children.slug_redirects)}::jsonb)
        on conflict do nothing`);
    if (type === "contacts" && snapshot.children.email_outbox?.length)
      await m.tx.execute(sql`
        update email_outbox set contact_id = ${item.entityId}
        where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(snapshot.children.email_outbox)}::jsonb))`);
    if (type === "expertise_blocks") await putBackInOrder(m.tx, item.entityId);
    await m.tx.delete(trashItems).where(eq(trashItems.id, id));
    await m.audit({
      action: "trash_restore",
      entityType: type,
      entityId: item.entityId,
      details: { label: item.title, ...(row.slug !== snapshot.row.slug ? { slug: row.slug } : {}) },
    });
    return { type, entityId: item.entityId, title: item.title };
  });
}

/**
 * 'Restaurer' of one item or a selection: each item on its own, so one refusal (a slug taken, an
 * author still in the trash, an item gone) leaves the others restored. For one item, a slug taken
 * is the person's choice to make (`slugTaken`: the proposal to edit) rather than a refusal.
 */
export async function restoreTrashItems(context: MutationContext, ids: string[], slug?: string) {
  const restored: string[] = [];
  const refused: string[] = [];
  for (const id of ids) {
    try {
      restored.push((await restoreFromTrash(context, id, slug)).title);
    } catch (error) {
      if (error instanceof TrashSlugTakenError && ids.length === 1)
        return { restored, refused, slugTaken: { id, slug: error.slug, proposal: error.proposal } };
      if (error instanceof TrashSlugTakenError || error instanceof TrashDependencyError)
        refused.push(error.message);
      else if (error instanceof MissingRowError) refused.push("Cet élément n'est plus dans la corbeille.");
      else {
        logger.error({ err: error, id }, "trash restore failed");
        refused.push("Impossible de restaurer l'élément.");
      }
    }
  }
  return { restored, refused, slugTaken: null };
}

async function keepAuthor(tx: DatabaseTransaction, row: Record<string, unknown>) {
  const authorId = String(row.author_id);
  const [live] = await tx
    .select({ id: blogAuthors.id })
    .from(blogAuthors)
    .where(eq(blogAuthors.id, authorId));
  if (live) return;
  const [trashed] = await tx
    .select({ title: trashItems.title })
    .from(trashItems)
    .where(and(eq(trashItems.entityType, "blog_authors"), eq(trashItems.entityId, authorId)));
  if (trashed)
    throw new TrashDependencyError(
      `L'auteur « ${trashed.title} » de cet article est dans la corbeille : restaurez-le d'abord.`,
    );
  row.author_id = null;
}

/** The rows of a child table, less links to a category or an account deleted since. */
async function restoreChildren(tx: DatabaseTransaction, tableName: string, rows: unknown[] | undefined) {
  if (!rows?.length) return;
  const table = sql.identifier(tableName);
  const source = sql`jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`;
  const still =
    tableName === "blog_article_categories"
      ? sql`where c.category_id in (select id from blog_categories)`
      : tableName === "project_category_relations"
        ? sql`where c.category_id in (select id from project_categories)`
        : sql``;
  if (tableName === "contact_notes") {
    await tx.execute(sql`
      insert into ${table}
      select c.id, c.contact_id, (select u.id from users u where u.id = c.author_id), c.author_email, c.body, c.created_at
      from ${source} c`);
    return;
  }
  await tx.execute(sql`insert into ${table} select c.* from ${source} c ${still}`);
}

/** A restored block takes back its place: it goes before the block that took its number. */
async function putBackInOrder(tx: DatabaseTransaction, id: string) {
  await tx.execute(sql`
    update ${expertiseBlocks} b set display_order = o.position - 1
    from (select id, row_number() over (order by display_order, id <> ${id}, created_at, id) as position
          from ${expertiseBlocks}) o
    where b.id = o.id and b.display_order <> o.position - 1`);
}

/**
 * Deletes trashed items for good: the snapshots, the revisions of the content, the e-mails about a
 * contact request; then every file they used that nothing else uses (the media library's own
 * images stay in the library). `context` null: the daily job (one audit row with the count).
 */
export async function purgeTrash(context: MutationContext | null, where: SQL): Promise<number> {
  const purged = await db().transaction(async (tx) => {
    const items = await tx.delete(trashItems).where(where).returning();
    if (items.length === 0) return items;
    // A contact request's snapshot is its personal data: erased for good by an admin only.
    if (items.some((item) => item.entityType === "contacts"))
      await assertMayEraseContacts(tx, context?.actor ?? null);
    await tx.execute(sql`
      delete from content_revisions r using jsonb_to_recordset(${JSON.stringify(
        items.map((item) => ({ entity_type: item.entityType, entity_id: item.entityId })),
      )}::jsonb) as x(entity_type text, entity_id uuid)
      where r.entity_type = x.entity_type and r.entity_id = x.entity_id`);
    const mails = items.flatMap((item) =>
      item.entityType === "contacts" ? ((item.data as Snapshot).children.email_outbox ?? []) : [],
    ) as string[];
    if (mails.length)
      await tx.execute(
        sql`delete from email_outbox where id = any(${sql.param(mails)}::uuid[]) and contact_id is null`,
      );
    if (context)
      for (const item of items)
        await recordAudit(tx, {
          actor: context.actor,
          ipAddress: context.ip ?? null,
          action: "trash_purge",
          entityType: item.entityType,
          entityId: item.entityId,
          details: { label: item.title },
        });
    else
      await recordAudit(tx, {
        actor: null,
        action: "trash_purge",
        entityType: "trash_items",
        details: { count: items.length, retentionDays: TRASH_RETENTION_DAYS },
      });
    return items;
  });
  for (const url of mediaUrlsOf(purged.map((item) => item.data))) {
    try {
      await deleteMediaIfUnused(url);
    } catch (error) {
      logger.error({ err: error, url }, "a purged item's file could not be deleted");
    }
  }
  return purged.length;
}

/** Our media files a snapshot mentions (image columns, HTML bodies, gallery rows). */
function mediaUrlsOf(snapshots: unknown[]): Set<string> {
  const text = JSON.stringify(snapshots);
  return new Set(text.match(/\/media\/[a-z0-9][a-z0-9._/-]*/gi) ?? []);
}

/** 'Supprimer définitivement' of one item or a selection. */
export function purgeTrashItems(context: MutationContext, ids: string[]) {
  return purgeTrash(context, inArray(trashItems.id, ids));
}

/** The daily job: items trashed more than 30 days ago. */
export async function purgeExpiredTrash(now = new Date()) {
  const purged = await purgeTrash(null, lt(trashItems.deletedAt, subDays(now, TRASH_RETENTION_DAYS)));
  if (purged > 0) logger.info({ purged }, "expired trash purged");
  return { purged };
}
