import { useRouteLoaderData, type MetaDescriptor } from "react-router";
import { CategoryFilter } from "~/components/site/category-filter";
import { PageHero } from "~/components/site/page-hero";
import { CATEGORY_PARAMETER } from "~/lib/page-query";
import { pageTitle, seoMeta, siteSeo, SITE_LAYOUT_ROUTE_ID } from "~/lib/seo";

/*
 * The blog and the projects list share one page: a title band with the category filter driven by
 * ?category=, then the cards or an empty message. The categories come from the site layout's loader.
 */

type Kind = "blog" | "projects";
type Category = { name: string; slug: string };
type LayoutCategories = { categories?: Record<Kind, Category[]> } | undefined;

/** The category asked for in the query string (`?category={slug}`), or null. */
export function categoryParam(request: Request): string | null {
  return new URL(request.url).searchParams.get(CATEGORY_PARAMETER) || null;
}

type MetaArgs = {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
  category: string | null | undefined;
};

/** "{title} : {category}" (or the title alone) with the intro as description. */
export function categoryListMeta(
  kind: Kind,
  { matches, location, category }: MetaArgs,
  { title, intro }: { title: string; intro: string },
): MetaDescriptor[] {
  const site = siteSeo(matches);
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData as LayoutCategories;
  const categoryName = layout?.categories?.[kind].find((c) => c.slug === category)?.name;
  return seoMeta(site, {
    title: pageTitle(categoryName ? `${title} : ${categoryName}` : title, site),
    description: intro,
    // A category's list is a page of its own; no other parameter (a tracking one, a category
    // that does not exist) makes another.
    path: categoryName
      ? `${location.pathname}?${new URLSearchParams({ [CATEGORY_PARAMETER]: category! })}`
      : location.pathname,
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
  items: Item[];
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
          </>
        )}
      </div>
    </>
  );
}
