import { Plus } from "lucide-react";
import { useMemo } from "react";
import { TextField } from "~/components/admin/fields";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/ui/button";
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
    <FormDialog
      trigger={
        trigger ?? (
          <Button>
            <Plus aria-hidden />
            Ajouter une redirection
          </Button>
        )
      }
      title={redirect ? "Modifier la redirection" : "Ajouter une redirection"}
      description="Une redirection permanente (301) : les visiteurs et les moteurs de recherche qui demandent l'adresse d'origine sont envoyés vers la destination."
      schema={schema}
      intent={redirect ? "update" : "create"}
      hidden={redirect ? { id: redirect.id, updatedAt: new Date(redirect.updatedAt).toISOString() } : {}}
      defaultValue={{ source: redirect?.source ?? source ?? "", target: redirect?.target ?? "" }}
      submitLabel={redirect ? "Enregistrer" : "Ajouter"}
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
    </FormDialog>
  );
}
