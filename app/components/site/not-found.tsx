import { Icon } from "~/components/site/icon";
import type { IconName } from "~/components/site/icon-names";
import { Link, useRouteLoaderData } from "react-router";
import { MissingPageGuesses, type ShownHit } from "~/components/site/search-results";
import { SITE_LAYOUT_ROUTE_ID } from "~/lib/seo";
import type { PublicSettings } from "~/server/settings.server";

/**
 * The public 404 page body (public-site.md §2 "404 page"), rendered inside the site frame.
 * Used by the catch-all route and the layout's ErrorBoundary; other routes may reuse it with their
 * own title and message (e.g. a missing CMS page). Blog/Projets links follow the feature flags.
 * `guesses`: up to 3 search results from the missing path's words (issue 38), above the search box.
 */
export function NotFound({
  code = "404",
  title = "Page non trouvée",
  message = "Désolé, la page que vous recherchez n'existe pas ou a été déplacée.",
  guesses = [],
}: {
  code?: string;
  title?: string;
  message?: string;
  guesses?: ShownHit[];
}) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as { settings?: PublicSettings } | undefined;
  const links: (false | { to: string; label: string; icon: IconName })[] = [
    (layout?.settings?.enableBlog ?? true) && { to: "/blog", label: "Blog", icon: "newspaper" },
    (layout?.settings?.enableProjects ?? true) && {
      to: "/projects",
      label: "Projets",
      icon: "folder-kanban",
    },
    { to: "/contact", label: "Contact", icon: "mail" },
  ];

  return (
    <section className="relative overflow-hidden px-4 py-20 sm:py-28">
      <div
        aria-hidden
        className="pointer-events-none absolute left-1/2 top-0 size-[36rem] -translate-x-1/2 rounded-full bg-betic-red/10 blur-3xl"
      />
      <div className="relative mx-auto max-w-2xl text-center">
        <p className="bg-gradient-to-b from-red-400 to-red-700 bg-clip-text text-8xl font-extrabold tracking-tight text-transparent sm:text-9xl">
          {code}
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-slate-300">{message}</p>

        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to="/"
            className="inline-flex h-12 items-center gap-2 rounded-lg bg-red-700 px-6 font-semibold text-white shadow-lg shadow-red-900/30 transition-colors hover:bg-red-800"
          >
            <Icon name="house" className="size-5" />
            Retour à l'accueil
          </Link>
          {/* Goes back with app/enhance/header.ts; hidden where scripts do not run. */}
          <button
            type="button"
            data-history-back=""
            className="[@media(scripting:none)]:hidden inline-flex h-12 items-center gap-2 rounded-lg border border-white/15 px-6 font-semibold text-slate-100 transition-colors hover:bg-white/10"
          >
            <Icon name="arrow-left" className="size-5" />
            Page précédente
          </button>
        </div>

        <MissingPageGuesses guesses={guesses} />

        <nav aria-label="Pages utiles" className="mt-12">
          <p className="text-sm text-slate-400">
            {guesses.length > 0 ? "Ou parcourez :" : "Vous cherchiez peut-être :"}
          </p>
          <ul className="mt-4 grid gap-3 sm:grid-cols-3">
            {links
              .filter((link) => link !== false)
              .map(({ to, label, icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex items-center justify-center gap-2 rounded-xl border border-white/10 bg-card px-4 py-4 font-medium text-slate-100 transition-colors hover:border-betic-red/60 hover:text-white"
                  >
                    <Icon name={icon} className="size-5 text-red-400" />
                    {label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
