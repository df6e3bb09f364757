import { RichContent } from "~/components/site/rich-content";

/** What a CMS page shows: a stored page, or the back office's form values (preview). */
export type CmsPageViewData = {
  title: string;
  /** The body, sanitized with the public allowlist. */
  html: string;
};

/**
 * A CMS page of the public site at `/{slug}` (public-site.md §2), from its data alone: the public
 * route renders it from the database, the back office's preview from the form's unsaved values.
 */
export function CmsPageView({ page }: { page: CmsPageViewData }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{page.title}</h1>
      <div aria-hidden className="mt-5 h-1 w-16 rounded-full bg-betic-red" />
      <RichContent body={{ html: page.html }} className="mt-10" />
    </article>
  );
}
