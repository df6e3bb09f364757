import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { PageHeader } from "~/components/admin/page-header";
import { TrackingForm } from "~/components/admin/settings/tracking-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { trackingSchema } from "~/lib/schemas/tracking";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { saveFromForm } from "~/server/admin/row-actions.server";
import { getTrackingForm, saveTrackingSettings } from "~/server/analytics/tracking-admin.server";
import { requireActor, requireRole } from "~/server/auth/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Balises de suivi | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  return { tracking: await getTrackingForm() };
}

/** Saves the tracking record, for this screen and the SEO screen's card (`returnTo`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  if (formData.get("intent") === "save-tracking")
    return saveFromForm(request, formData, trackingSchema, {
      save: (tracking) => saveTrackingSettings(who, tracking),
      to: formData.get("returnTo") === "/admin/seo" ? "/admin/seo" : "/admin/gtm",
      done: { title: "Succès", description: "Paramètres GTM mis à jour" },
      failed: "Échec de la mise à jour des paramètres GTM",
    });
  unknownIntent();
}

export default function TrackingScreen({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Balises de suivi"
        description="Google Tag Manager et Google Analytics 4 sur le site public."
      />
      <Card>
        <CardHeader>
          <CardTitle>Google Tag Manager</CardTitle>
          <CardDescription>
            Le conteneur est chargé seulement si le suivi est activé, avec un identifiant, et après le
            consentement du visiteur.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TrackingForm values={loaderData.tracking} returnTo="/admin/gtm" />
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} message="Impossible de charger les paramètres de suivi" retryTo="/admin/gtm" />
  );
}
