import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { FormErrors, TextField, ToggleField } from "~/components/admin/fields";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { trackingSchema, type TrackingInput } from "~/lib/schemas/tracking";
import { formTiming } from "~/lib/admin/form-timing";
import { PendingButton } from "~/components/admin/pending-button";

export type TrackingValues = {
  isEnabled: boolean;
  gtmId: string | null;
  ga4Id: string | null;
  updatedAt: string;
};

/**
 * The tracking tags form (back-office.md §2.21), on /admin/gtm and as the SEO screen's card. It
 * always posts to /admin/gtm's action, which sends the browser back to `returnTo` with its toast.
 */
export function TrackingForm({
  values,
  returnTo,
}: {
  values: TrackingValues;
  returnTo: "/admin/gtm" | "/admin/seo";
}) {
  const fetcher = useFetcher<FormAnswer>();
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm<TrackingInput>({
    id: `tracking-${values.updatedAt}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: {
      isEnabled: values.isEnabled ? "on" : undefined,
      gtmId: values.gtmId ?? "",
      ga4Id: values.ga4Id ?? "",
    } as never,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trackingSchema }),
  });
  return (
    <fetcher.Form method="post" action="/admin/gtm" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="save-tracking" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="updatedAt" value={values.updatedAt} />
      <ToggleField
        variant="switch"
        meta={fields.isEnabled}
        label="Suivi activé"
        description="Le gestionnaire de balises n'est chargé qu'avec le consentement du visiteur à la mesure d'audience."
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          meta={fields.gtmId}
          label="Identifiant du conteneur GTM"
          placeholder="GTM-XXXXXXX"
          spellCheck={false}
          autoComplete="off"
        />
        <TextField
          meta={fields.ga4Id}
          label="Identifiant Google Analytics 4"
          placeholder="G-XXXXXXXXXX"
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <PendingButton pending={saving}>Enregistrer</PendingButton>
      </div>
    </fetcher.Form>
  );
}
