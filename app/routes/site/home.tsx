import { Icon } from "~/components/site/icon";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ArticleCard } from "~/components/site/article-card";
import { ContactForm } from "~/components/site/contact-form";
import { ContactInfo } from "~/components/site/contact-info";
import { ExpertiseGrid } from "~/components/site/home/expertise-grid";
import { Hero } from "~/components/site/home/hero";
import { Services } from "~/components/site/home/services";
import { SectionHeading } from "~/components/site/section-heading";
import { ShowMoreList } from "~/components/site/show-more";
import { ProjectCard } from "~/components/site/project-card";
import { clsx } from "clsx";
import { companyContact } from "~/lib/company-contact";
import type { PageHandle } from "~/lib/page-handle";
import { seoMeta, siteSeo } from "~/lib/seo";
import { getPublicSettings } from "~/server/settings.server";
import { getContactFormProps } from "~/server/contacts/contact-form.server";
import { listPublishedArticles } from "~/server/articles/published.server";
import { hasLegacyIdParameter } from "~/server/content/legacy-redirects.server";
import { followRedirect } from "~/server/seo/redirects.server";
import { listExpertiseBlocks } from "~/server/expertise/published.server";
import { listPublishedProjects } from "~/server/projects/published.server";

const HOME_PROJECTS = 6;
const HOME_ARTICLES = 6;

export async function loader({ request }: Route.LoaderArgs) {
  // WordPress's plain permalinks (`/?p=123`) are addresses of the home page with an id.
  if (hasLegacyIdParameter(new URL(request.url))) await followRedirect(request);
  const settings = await getPublicSettings();
  const [expertise, projects, articles, contactForm] = await Promise.all([
    settings.enableExpertise ? listExpertiseBlocks() : [],
    settings.enableProjects ? listPublishedProjects({ limit: HOME_PROJECTS }) : null,
    settings.enableBlog ? listPublishedArticles({ limit: HOME_ARTICLES }) : null,
    settings.enableContactForm ? getContactFormProps() : null,
  ]);
  return {
    expertise,
    projects,
    articles,
    contactForm,
    contact: companyContact(settings),
  };
}

export const handle: PageHandle = { scripts: ["show-more", "contact-form"] };

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(siteSeo(matches), { path: "/" });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { expertise, projects, articles, contactForm, contact } = loaderData;
  return (
    <>
      <Hero phone={contact.companyPhone} />
      <Services />
      {expertise.length > 0 ? <ExpertiseGrid blocks={expertise} /> : null}

      {projects ? (
        <LatestSection
          id="projects"
          eyebrow="Réalisations"
          title="Nos derniers projets"
          text="Découvrez quelques chantiers récents menés chez des particuliers et des professionnels."
          items={projects}
          label="Derniers projets"
          renderItem={(project) => <ProjectCard project={project} />}
          emptyText="Aucun projet publié pour le moment."
          allHref="/projects"
          allLabel="Voir tous nos projets"
        />
      ) : null}

      {articles ? (
        <LatestSection
          id="blog"
          eyebrow="Actualités"
          title="Nos derniers articles"
          text="Conseils, normes et nouveautés : l'actualité de l'électricité expliquée simplement."
          items={articles}
          label="Derniers articles"
          renderItem={(article) => <ArticleCard article={article} />}
          emptyText="Aucun article publié pour le moment."
          allHref="/blog"
          allLabel="Voir tous les articles"
          className="section-alt"
        />
      ) : null}

      <section id="contact" aria-labelledby="contact-title" className="section">
        <div className="site-width">
          <SectionHeading
            id="contact-title"
            eyebrow="Contact"
            title="Demandez votre devis gratuit"
            text="Décrivez-nous votre projet ou votre problème : nous vous répondons dans les plus brefs délais."
          />
          <div className={contactForm ? "mt-14 grid gap-8 lg:grid-cols-[2fr_3fr]" : "mx-auto mt-14 max-w-xl"}>
            <ContactInfo settings={contact} />
            {contactForm ? (
              <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
                <ContactForm recaptchaSiteKey={contactForm.recaptchaSiteKey} />
              </div>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}

/** A home list of the latest items: cards (3 on mobile until 'Voir plus') and a link to them all. */
function LatestSection<Item extends { slug: string }>(props: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  items: Item[];
  label: string;
  renderItem: (item: Item) => React.ReactNode;
  emptyText: string;
  allHref: string;
  allLabel: string;
  className?: string;
}) {
  const titleId = `${props.id}-title`;
  return (
    <section id={props.id} aria-labelledby={titleId} className={clsx("section", props.className)}>
      <div className="site-width">
        <SectionHeading id={titleId} eyebrow={props.eyebrow} title={props.title} text={props.text} />
        {props.items.length > 0 ? (
          <ShowMoreList
            items={props.items}
            getKey={(item) => item.slug}
            label={props.label}
            className="latest-grid"
          >
            {props.renderItem}
          </ShowMoreList>
        ) : (
          <p className="mt-14 text-center text-slate-300">{props.emptyText}</p>
        )}
        <div className="mt-12 flex justify-center">
          <Link to={props.allHref} className="button-all">
            {props.allLabel}
            <Icon name="arrow-right" className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
