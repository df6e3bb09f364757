import { type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { Field } from "~/components/admin/fields";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * A write-only secret (API key, password): the page knows only whether one is stored ('défini' /
 * 'non défini'), never its value. Typing replaces it; leaving the field empty keeps it; the
 * 'Effacer' box (posted as `clearName=clearValue`) empties it on save.
 *
 *   <SecretField meta={email.mailjetApiKey} label="Clé API Mailjet" isSet={secrets["email.mailjetApiKey"]}
 *     clearName="clearSecrets" clearValue="email.mailjetApiKey" />
 */
export function SecretField({
  meta,
  label,
  description,
  isSet,
  clearName,
  clearValue,
}: {
  meta: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  label: string;
  description?: React.ReactNode;
  isSet: boolean;
  clearName: string;
  clearValue: string;
}) {
  const [clearing, setClearing] = useState(false);
  const clearId = `${meta.id}-clear`;
  return (
    <Field
      meta={meta}
      label={
        <span className="flex flex-wrap items-center gap-2">
          {label}{" "}
          <Badge variant={isSet && !clearing ? "success" : "muted"}>
            {isSet && !clearing ? "défini" : "non défini"}
          </Badge>
        </span>
      }
      description={
        description ??
        (isSet ? "Laissez vide pour conserver la valeur enregistrée." : "Aucune valeur enregistrée.")
      }
    >
      {(control) => (
        <>
          <Input
            {...control}
            key={meta.key}
            form={meta.formId}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={isSet ? "•••••••• (inchangé)" : "Non défini"}
            disabled={clearing}
          />
          {isSet ? (
            <div className="flex items-center gap-2">
              <input
                type="checkbox"
                id={clearId}
                name={clearName}
                value={clearValue}
                form={meta.formId}
                checked={clearing}
                onChange={(event) => setClearing(event.target.checked)}
                className="size-4 accent-primary"
              />
              <Label htmlFor={clearId} className="text-sm font-normal text-muted-foreground">
                Effacer la valeur enregistrée
              </Label>
            </div>
          ) : null}
        </>
      )}
    </Field>
  );
}
