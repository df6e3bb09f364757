import { data, useRouteLoaderData, type MetaDescriptor } from "react-router";
import { CategoryFilter } from "~/components/site/category-filter";
import { PageHero } from "~/components/site/page-hero";
import { Pager } from "~/components/site/pager";
import { CATEGORY_PARAMETER, LIST_PAGE_PARAMETER, pageNumber } from "~/lib/page-query";
import { pageTitle, seoMeta, siteSeo, SITE_LAYOUT_ROUTE_ID } from "~/lib/seo";

/*
 * The blog and the projects list share one page: a title band with the category filter driven by
 * ?category=, then a page of cards (?page=, LIST_PAGE_SIZE a page) or an empty message. The
 * categories come from the site layout's loader.
 */

/** Cards on a page of the list: eight rows of three on a wide screen. */
export const LIST_PAGE_SIZE = 24;

type Kind = "blog" | "projects";
const PAGER_LABELS: Record<Kind, string> = { blog: "Pages des articles", projects: "Pages des projets" };
type Category = { name: string; slug: string };
type LayoutCategories = { categories?: Record<Kind, Category[]> } | undefined;

/**
 * What the query string asks for: the category (`?category={slug}`, or null) and the page of
 * cards (`?page=2`; 1 for anything but a whole number from 1), with the rows it starts at.
 */
export function listParams(request: Request) {
  const search = new URL(request.url).searchParams;
  const page = pageNumber(search.get(LIST_PAGE_PARAMETER));
  return {
    category: search.get(CATEGORY_PARAMETER) || null,
    page,
    limit: LIST_PAGE_SIZE,
    offset: (page - 1) * LIST_PAGE_SIZE,
  };
}

/**
 * The number of pages for `total` cards (1 for none), or a 404 for a page past the last. An
 * unknown total (its read failed) is no reason for a 404: the page asked for is then the last.
 */
export function pageCountOrNotFound(total: number | null, page: number) {
  if (total === null) return page;
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  if (page > pageCount) throw data(null, { status: 404 });
  return pageCount;
}

/** A page of the list: its category (if any) and its page (if not the first), in that order. */
function listHref(kind: Kind, category: string | null, page: number) {
  const search = new URLSearchParams();
  if (category) search.set(CATEGORY_PARAMETER, category);
  if (page > 1) search.set(LIST_PAGE_PARAMETER, String(page));
  return search.size > 0 ? `/${kind}?${search}` : `/${kind}`;
}

type MetaArgs = {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  category: string | null | undefined;
  page?: number;
};

/** "{title} : {category}" (or the title alone), " – page 2" past the first, with the intro as description. */
export function categoryListMeta(
  kind: Kind,
  { matches, category, page = 1 }: MetaArgs,
  { title, intro }: { title: string; intro: string },
): MetaDescriptor[] {
  const site = siteSeo(matches);
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData as LayoutCategories;
  const categoryName = layout?.categories?.[kind].find((c) => c.slug === category)?.name;
  const named = categoryName ? `${title} : ${categoryName}` : title;
  return seoMeta(site, {
    title: pageTitle(page > 1 ? `${named} – page ${page}` : named, site),
    description: intro,
    // A category's list and each page of a list are pages of their own; no other parameter (a
    // tracking one, a category that does not exist) makes another.
    path: listHref(kind, categoryName ? category! : null, page),
  });
}

export function CategoryListPage<Item extends { slug: string }>({
  kind,
  eyebrow,
  title,
  intro,
  filterLabel,
  category,
  items,
  page,
  pageCount,
  itemsHeading,
  emptyText,
  renderItem,
}: {
  kind: Kind;
  eyebrow: string;
  title: string;
  intro: string;
  filterLabel: string;
  category: string | null;
  /** This page's cards. */
  items: Item[];
  page: number;
  pageCount: number;
  /** Heading for screen readers above the cards. */
  itemsHeading: string;
  emptyText: string;
  renderItem: (item: Item, index: number) => React.ReactNode;
}) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as LayoutCategories;
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} intro={intro}>
        <CategoryFilter
          basePath={`/${kind}`}
          categories={layout?.categories?.[kind] ?? []}
          active={category}
          label={filterLabel}
        />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        {items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/15 px-6 py-16 text-center text-lg text-slate-300">
            {emptyText}
          </p>
        ) : (
          <>
            <h2 className="sr-only">{itemsHeading}</h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((item, index) => (
                <li key={item.slug}>{renderItem(item, index)}</li>
              ))}
            </ul>
            <Pager
              label={PAGER_LABELS[kind]}
              page={page}
              pageCount={pageCount}
              hrefOf={(to) => listHref(kind, category, to)}
            />
          </>
        )}
      </div>
    </>
  );
}
