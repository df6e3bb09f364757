import { Icon } from "~/components/site/icon";
import { cn } from "~/lib/cn";

/**
 * 'Précédent' / 'Page 2 sur 5' / 'Suivant', as plain links (no script needed); nothing for a
 * single page. `hrefOf` gives a page's address.
 */
export function Pager({
  label,
  page,
  pageCount,
  hrefOf,
}: {
  /** Names the navigation for assistive technology ('Pages de résultats'). */
  label: string;
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const link = (to: number, text: string, icon: "chevron-left" | "chevron-right", rel: string) => (
    <a
      href={hrefOf(to)}
      rel={rel}
      className={cn("button-outline", icon === "chevron-left" && "flex-row-reverse")}
    >
      {text}
      <Icon name={icon} className="size-4" />
    </a>
  );
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-center gap-4">
      {page > 1 ? link(page - 1, "Précédent", "chevron-left", "prev") : null}
      <p className="text-sm text-slate-300" aria-current="page">
        {`Page ${page} sur ${pageCount}`}
      </p>
      {page < pageCount ? link(page + 1, "Suivant", "chevron-right", "next") : null}
    </nav>
  );
}
