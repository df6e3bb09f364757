import { Icon } from "~/components/site/icon";
import type { IconName } from "~/components/site/icon-names";
import { Link } from "react-router";
import type { Route } from "./+types/sitemap-page";
import { Breadcrumb } from "~/components/site/breadcrumb";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { listPublishedArticles } from "~/server/articles/published.server";
import { listPublishedProjects } from "~/server/projects/published.server";
import { getPublicSettings } from "~/server/settings.server";

type Entry = { to: string; label: string };

export async function loader() {
  const settings = await getPublicSettings();
  const [projects, articles] = await Promise.all([
    settings.enableProjects ? listPublishedProjects() : null,
    settings.enableBlog ? listPublishedArticles() : null,
  ]);
  return {
    enableProjects: settings.enableProjects,
    enableBlog: settings.enableBlog,
    projects: projects?.map((project) => ({
      to: `/projects/${project.slug}`,
      label: project.title,
    })),
    articles: articles?.map((article) => ({
      to: `/blog/${article.slug}`,
      label: article.title,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("Plan du site", site),
    description: "Toutes les pages du site : services, projets, articles, contact et informations légales.",
    path: "/sitemap",
  });
};

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { enableProjects, enableBlog, projects, articles } = loaderData;
  const mainPages: Entry[] = [
    { to: "/", label: "Accueil" },
    { to: "/about", label: "À propos" },
    ...(enableProjects ? [{ to: "/projects", label: "Projets" }] : []),
    ...(enableBlog ? [{ to: "/blog", label: "Blog & Actualités" }] : []),
    { to: "/contact", label: "Contact" },
  ];
  const legalPages: Entry[] = [
    { to: "/mentions-legales", label: "Mentions légales" },
    { to: "/privacy-policy", label: "Politique de confidentialité" },
    { to: "/terms-of-use", label: "Conditions d'utilisation" },
    { to: "/accessibilite", label: "Accessibilité" },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 pb-20 pt-6 sm:px-6 lg:px-8">
      <Breadcrumb
        items={[
          { name: "Accueil", path: "/" },
          { name: "Plan du site", path: "/sitemap" },
        ]}
      />
      <header className="mt-10 max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">Plan du site</h1>
        <p className="mt-4 text-lg text-slate-300">Retrouvez d'un coup d'œil toutes les pages du site.</p>
      </header>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <SitemapSection id="pages" title="Pages principales" icon="layout-grid" entries={mainPages} />
        <SitemapSection id="legal" title="Informations légales" icon="file-text" entries={legalPages} />
        {projects ? (
          <SitemapSection
            id="projects"
            title="Projets"
            icon="folder-kanban"
            entries={projects}
            empty="Aucun projet publié pour le moment."
          />
        ) : null}
        {articles ? (
          <SitemapSection
            id="blog"
            title="Blog"
            icon="newspaper"
            entries={articles}
            empty="Aucun article publié pour le moment."
          />
        ) : null}
      </div>
    </div>
  );
}

function SitemapSection({
  id,
  title,
  icon,
  entries,
  empty,
}: {
  id: string;
  title: string;
  icon: IconName;
  entries: Entry[];
  empty?: string;
}) {
  return (
    <section
      aria-labelledby={`sitemap-${id}`}
      className="rounded-2xl border border-white/10 bg-card p-6 sm:p-8"
    >
      <h2 id={`sitemap-${id}`} className="flex items-center gap-3 text-xl font-semibold text-white">
        <span className="flex size-10 items-center justify-center rounded-lg bg-betic-red/15 text-red-400">
          <Icon name={icon} className="size-5" />
        </span>
        {title}
      </h2>
      {entries.length > 0 ? (
        <ul className="mt-5 space-y-1">
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link
                to={entry.to}
                className="group flex items-center gap-2 rounded-md px-2 py-1.5 text-slate-200 transition-colors hover:bg-white/5 hover:text-white"
              >
                <Icon
                  name="chevron-right"
                  className="size-4 shrink-0 text-red-400 transition-transform group-hover:translate-x-0.5"
                />
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-5 text-slate-400">{empty}</p>
      )}
    </section>
  );
}
