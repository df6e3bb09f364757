import { count, eq, sql } from "drizzle-orm";
import type { ListQuery } from "~/lib/list-query";
import type { AuthorInput } from "~/lib/schemas/author";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { containsText, frenchText, listOrder, listPage } from "~/server/db/list.server";
import { blogArticles, blogAuthors } from "~/server/db/schema";
import { moveToTrash } from "~/server/trash/trash.server";

export const authorSorts = ["name", "articles", "created"] as const;
export type AuthorSort = (typeof authorSorts)[number];

// Written out with an alias: Drizzle leaves columns unqualified in a one-table select.
const articleCount =
  sql<number>`(select count(*) from ${blogArticles} a where a.author_id = ${blogAuthors}.id)`
    .mapWith(Number)
    .as("article_count");

/** Authors matching the search (name or bio, case-insensitive), one page, with their article count. */
export async function listAuthors(query: ListQuery<AuthorSort>) {
  const where = containsText([blogAuthors.name, blogAuthors.bio], query.q);
  const sortColumn = {
    name: frenchText(blogAuthors.name),
    articles: sql`article_count`,
    created: blogAuthors.createdAt,
  }[query.sort];
  return listPage(query.page, {
    count: () => db().$count(blogAuthors, where),
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: blogAuthors.id,
          name: blogAuthors.name,
          bio: blogAuthors.bio,
          avatarUrl: blogAuthors.avatarUrl,
          createdAt: blogAuthors.createdAt,
          updatedAt: blogAuthors.updatedAt,
          articleCount,
        })
        .from(blogAuthors)
        .where(where)
        .orderBy(...listOrder(sortColumn, query.dir, blogAuthors.id))
        .limit(limit)
        .offset(offset),
  });
}

function columns(input: AuthorInput) {
  return { name: input.name, bio: input.bio ?? null, avatarUrl: input.avatarUrl ?? null };
}

export function createAuthor(context: MutationContext, input: AuthorInput) {
  return mutate(context, (m) => m.insert(blogAuthors, columns(input)));
}

export function updateAuthor(
  context: MutationContext,
  id: string,
  input: AuthorInput,
  expectedUpdatedAt?: string,
) {
  return mutate(context, (m) =>
    m.update(blogAuthors, id, columns(input), { expectedUpdatedAt: expectedUpdatedAt ?? null }),
  );
}

/** An author still credited on articles cannot be deleted (back-office.md §4). */
export class AuthorHasArticlesError extends Error {}

export function deleteAuthor(context: MutationContext, id: string) {
  return mutate(context, async (m) => {
    const [{ total }] = (await m.tx
      .select({ total: count() })
      .from(blogArticles)
      .where(eq(blogArticles.authorId, id))) as [{ total: number }];
    if (total > 0) throw new AuthorHasArticlesError();
    return moveToTrash(m, context.actor, "blog_authors", id);
  });
}
