import { getCollectionProps } from "@conform-to/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { ErrorList, SelectField, TextareaField, TextField } from "~/components/admin/fields";
import { RowFormDialog } from "~/components/admin/form-dialog";
import { Icon } from "~/components/admin/icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cspDirectiveChoices, cspDirectiveLabels, type CspDirective } from "~/lib/csp-domain";
import { corsDomainTypes } from "~/lib/enums";
import { corsDomainSchema, corsDomainTypeLabels, type CorsDomainInput } from "~/lib/schemas/cors";
import type { listCorsDomains } from "~/server/security/cors-admin.server";

// The CORS & CSP screen's domain: its badges, its add/edit dialog and the read-only details of an
// essential one (app/routes/admin/cors).

type DomainRow = Awaited<ReturnType<typeof listCorsDomains>>[number];

const typeVariants = { cors: "info", csp: "secondary", both: "success" } as const;

export function TypeBadge({ type }: { type: string }) {
  const known = corsDomainTypes.includes(type as never) ? (type as keyof typeof typeVariants) : "both";
  return <Badge variant={typeVariants[known]}>{corsDomainTypeLabels[known]}</Badge>;
}

export function Directives({ directives }: { directives: readonly string[] }) {
  return (
    <span className="text-xs text-muted-foreground">
      {directives.map((name) => cspDirectiveLabels[name as CspDirective] ?? name).join(", ")}
    </span>
  );
}

/** Add and edit: the domain, its type, what it may serve on the public pages, a description. */
/** 'Ajouter un domaine', or the row's 'Modifier' (`trigger`) for `domain`. */
export function DomainDialog({ domain, trigger }: { domain?: DomainRow; trigger?: React.ReactElement }) {
  const defaultValue: Partial<Record<keyof CorsDomainInput, unknown>> = domain
    ? {
        domain: domain.domain,
        type: domain.type,
        description: domain.description ?? "",
        cspDirectives: domain.cspDirectives,
      }
    : { domain: "", type: "both", description: "", cspDirectives: ["connect-src", "img-src"] };
  return (
    <RowFormDialog
      row={domain}
      trigger={trigger}
      add="Ajouter un domaine"
      edit="Modifier le domaine"
      description="https:// est ajouté s'il manque ; *.exemple.fr couvre les sous-domaines d'exemple.fr."
      schema={corsDomainSchema}
      defaultValue={defaultValue as never}
    >
      {(fields) => (
        <>
          <TextField
            meta={fields.domain}
            label="Domaine"
            placeholder="https://www.exemple.fr ou *.exemple.fr"
            autoComplete="off"
            spellCheck={false}
          />
          <SelectField
            meta={fields.type}
            label="Type"
            options={corsDomainTypes.map((value) => ({ value, label: corsDomainTypeLabels[value] }))}
            description="CORS : ce site peut lire les pages publiques. CSP : les pages publiques peuvent charger depuis ce domaine."
          />
          <fieldset className="flex flex-col gap-2" aria-describedby={`${fields.cspDirectives.id}-hint`}>
            <legend className="text-sm font-medium">Autorisé sur les pages publiques (CSP)</legend>
            <p id={`${fields.cspDirectives.id}-hint`} className="text-xs text-muted-foreground">
              Pour les types CSP et CORS et CSP. Sans case cochée : appels et images.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {getCollectionProps(fields.cspDirectives, {
                type: "checkbox",
                options: [...cspDirectiveChoices],
              }).map((props) => (
                <label key={props.key} className="flex items-center gap-2 text-sm">
                  <input {...props} key={props.key} className="size-4 accent-primary" />
                  {cspDirectiveLabels[props.value as CspDirective]}
                </label>
              ))}
            </div>
            <ErrorList errors={fields.cspDirectives.errors} />
          </fieldset>
          <TextareaField meta={fields.description} label="Description" rows={2} />
        </>
      )}
    </RowFormDialog>
  );
}

/** An essential domain: read only ('Détails du domaine'). */
export function DomainDetails({ domain }: { domain: DomainRow }) {
  return (
    <AdminDialog
      trigger={
        <Button variant="ghost" size="sm">
          <Icon name="eye" />
          Détails<span className="sr-only"> {domain.domain}</span>
        </Button>
      }
      title="Détails du domaine"
      description="Domaine essentiel au site (mesure d'audience, reCAPTCHA) : il ne peut être ni modifié ni supprimé."
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Domaine</dt>
        <dd className="break-all font-mono">{domain.domain}</dd>
        <dt className="text-muted-foreground">Type</dt>
        <dd>
          <TypeBadge type={domain.type} />
        </dd>
        <dt className="text-muted-foreground">Autorisé pour</dt>
        <dd>
          <Directives directives={domain.cspDirectives} />
        </dd>
        <dt className="text-muted-foreground">Description</dt>
        <dd>{domain.description || "—"}</dd>
      </dl>
    </AdminDialog>
  );
}
