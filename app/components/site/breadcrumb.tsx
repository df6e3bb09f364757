import { Icon } from "~/components/site/icon";
import { Fragment } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { JsonLd } from "~/components/site/json-ld";
import { breadcrumbJsonLd, SITE_LAYOUT_ROUTE_ID, type BreadcrumbItem, type SiteSeo } from "~/lib/seo";

/**
 * Visible breadcrumb plus its BreadcrumbList JSON-LD. `items` run from the home page to the current
 * page, which is shown as plain text (aria-current).
 */
export function Breadcrumb({ items, className }: { items: BreadcrumbItem[]; className?: string }) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as { seo?: SiteSeo } | undefined;
  return (
    <>
      <nav aria-label="Fil d'Ariane" className={className}>
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-400">
          {items.map((item, index) => {
            const last = index === items.length - 1;
            return (
              <Fragment key={item.path}>
                <li>
                  {last ? (
                    <span aria-current="page" className="font-medium text-slate-200">
                      {item.name}
                    </span>
                  ) : (
                    <Link to={item.path} className="transition-colors hover:text-white">
                      {item.name}
                    </Link>
                  )}
                </li>
                {last ? null : (
                  <li aria-hidden>
                    <Icon name="chevron-right" className="size-4" />
                  </li>
                )}
              </Fragment>
            );
          })}
        </ol>
      </nav>
      {layout?.seo ? <JsonLd data={breadcrumbJsonLd(layout.seo.publicUrl, items)} /> : null}
    </>
  );
}
