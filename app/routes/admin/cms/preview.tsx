import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/preview";
import { PreviewError } from "~/components/admin/admin-error";
import { PreviewChecklist } from "~/components/admin/content-editor/publish-checklist";
import { PreviewNotice, PreviewScreen, usePreviewData } from "~/components/admin/preview-frame";
import { CmsPageView } from "~/components/site/cms-page-view";
import { cmsPageChecklist, isPublishing } from "~/lib/admin/publish-checklist";
import { sanitizeContentHtml } from "~/lib/content-html";
import { CMS_LIMITED_PREVIEW, type CmsPageFormInput } from "~/lib/schemas/cms-page";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { cmsPageFormInput, getCmsPage } from "~/server/cms/cms-pages.server";
import { adminLinks } from "~/components/admin/stylesheet";

/**
 * /admin/cms/preview/{id}: the CMS page as `/{slug}` shows it, from the stored page, then live from
 * the editor that frames it (`?embed=1`: the page alone, at the frame's width) or opened it in a
 * tab. `new` previews a page not saved yet.
 */
export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Aperçu de la page | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "user");
  if (params.id === "new")
    return data({ values: cmsPageFormInput(null), siteUrl: config.publicUrl }, { headers: noStoreHeaders });
  const page = await getCmsPage(params.id);
  if (!page) throw data("Page introuvable.", { status: 404, headers: noStoreHeaders });
  return data({ values: cmsPageFormInput(page), siteUrl: config.publicUrl }, { headers: noStoreHeaders });
}

/** The form's values as the public page takes them; the body through the public allowlist. */
function pageView(values: CmsPageFormInput) {
  return { title: values.title || "Titre de la page", html: sanitizeContentHtml(values.content) };
}

export default function CmsPagePreview({ loaderData, params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { data: values, live } = usePreviewData(loaderData.values);

  if (searchParams.has("embed")) {
    return (
      <main data-live={live || undefined}>
        <CmsPageView page={pageView(values)} />
      </main>
    );
  }
  return (
    <PreviewScreen
      title="Aperçu de la page"
      notices={
        <>
          {values.isPublished ? null : (
            <PreviewNotice title={CMS_LIMITED_PREVIEW.title}>{CMS_LIMITED_PREVIEW.description}</PreviewNotice>
          )}
          <PreviewChecklist
            input={isPublishing(values.isPublished) ? cmsPageChecklist(values) : null}
            siteUrl={loaderData.siteUrl}
          />
        </>
      }
      src={`/admin/cms/preview/${params.id}?embed=1`}
      data={values}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PreviewError
      error={error}
      fallback="Impossible de charger la page."
      listTo="/admin/cms"
      listLabel="Retour à la liste des pages"
    />
  );
}
