import { Link } from "react-router";
import { clsx } from "clsx";

const chip =
  "inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
const activeChip = "border-betic-red bg-betic-red text-white shadow-lg shadow-betic-red/20";
const idleChip = "border-white/15 bg-card text-slate-200 hover:border-betic-red/60 hover:text-white";

/**
 * Filter buttons 'Tous' plus one per category, as links driven by ?category={slug}
 * (public-site.md §2), so filtering works without JavaScript and keeps the scroll position.
 */
export function CategoryFilter({
  basePath,
  categories,
  active,
  label,
}: {
  basePath: string;
  categories: { name: string; slug: string }[];
  active: string | null;
  label: string;
}) {
  if (categories.length === 0) return null;
  const items = [{ name: "Tous", to: basePath, current: !active }].concat(
    categories.map((category) => ({
      name: category.name,
      to: `${basePath}?category=${encodeURIComponent(category.slug)}`,
      current: active === category.slug,
    })),
  );
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap justify-center gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              preventScrollReset
              aria-current={item.current ? "page" : undefined}
              className={clsx(chip, item.current ? activeChip : idleChip)}
            >
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
