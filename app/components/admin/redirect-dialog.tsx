import { useMemo } from "react";
import { TextField } from "~/components/admin/fields";
import { RowFormDialog } from "~/components/admin/form-dialog";
import { redirectSchema } from "~/lib/schemas/redirect";

/**
 * 'Ajouter une redirection' (or the row's 'Modifier' for `redirect`, or a 404 row's 'Créer une
 * redirection' with `source` filled in): posts `create` / `update` to the screen's own action,
 * which answers with app/server/seo/redirect-intents.server.ts. `siteUrl` is the site's address
 * (PUBLIC_URL), the only absolute origin a target may have.
 */
export function RedirectDialog({
  siteUrl,
  redirect,
  source,
  trigger,
}: {
  siteUrl: string;
  redirect?: { id: string; source: string; target: string | null; updatedAt: Date | string };
  source?: string;
  trigger?: React.ReactElement;
}) {
  const schema = useMemo(() => redirectSchema(siteUrl), [siteUrl]);
  return (
    <RowFormDialog
      row={redirect}
      trigger={trigger}
      add="Ajouter une redirection"
      edit="Modifier la redirection"
      description="Une redirection permanente (301) : les visiteurs et les moteurs de recherche qui demandent l'adresse d'origine sont envoyés vers la destination."
      schema={schema}
      defaultValue={{ source: redirect?.source ?? source ?? "", target: redirect?.target ?? "" }}
    >
      {(fields) => (
        <>
          <TextField
            meta={fields.source}
            label="Adresse d'origine"
            placeholder="/ancienne-page"
            autoComplete="off"
            description="Un chemin du site, avec ou sans paramètres (ex. /promo?ref=flyer)."
          />
          <TextField
            meta={fields.target}
            label="Destination"
            placeholder="/nouvelle-page"
            autoComplete="off"
            description={`Un chemin du site (ex. /contact) ou une adresse commençant par ${siteUrl}.`}
          />
        </>
      )}
    </RowFormDialog>
  );
}
