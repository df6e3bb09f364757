import type { FieldMetadata } from "@conform-to/react";
import { ChoiceField } from "~/components/admin/choice-field";
import { Field, TextareaField, TextField, ToggleField } from "~/components/admin/fields";
import { RowFormDialog } from "~/components/admin/form-dialog";
import { Icon } from "~/components/admin/icon";
import { ImageField } from "~/components/admin/image-field";
import { EXPERTISE_ICONS } from "~/components/site/home/expertise-grid";
import { cn } from "~/lib/cn";
import { expertiseIcons, expertiseSizes, type ExpertiseIcon, type ExpertiseSize } from "~/lib/enums";
import {
  expertiseBackgrounds,
  expertiseFormSchema,
  expertiseIconLabels,
  expertiseSizeLabels,
  expertiseTextColors,
} from "~/lib/schemas/expertise";
import type { z } from "~/lib/zod";
import type { ExpertiseBlockRow as Block } from "~/server/expertise/blocks.server";

// The expertise screen's block: its icon, and its add/edit dialog (app/routes/admin/expertise).

const iconChoices = expertiseIcons.map((icon) => ({
  value: icon,
  label: expertiseIconLabels[icon],
  visual: <Icon name={EXPERTISE_ICONS[icon]} className="size-4" />,
}));
const sizeChoices = expertiseSizes.map((size) => ({ value: size, label: expertiseSizeLabels[size] }));
const swatch = (className: string) => (
  <span className={cn("size-4 shrink-0 rounded-full border border-white/30", className)} aria-hidden />
);
const backgroundChoices = expertiseBackgrounds.map((option) => ({
  value: option.value,
  label: option.label,
  visual: swatch(option.swatch),
}));
const textChoices = expertiseTextColors.map((option) => ({
  value: option.value,
  label: option.label,
  visual: swatch(option.swatch),
}));

/** The block's icon as the home page shows it: its uploaded icon, or the chosen lucide icon. */
export function BlockIcon({ block, className }: { block: Block; className?: string }) {
  if (block.customIconUrl)
    return (
      <img
        src={block.customIconUrl}
        alt=""
        width={24}
        height={24}
        className={cn("size-6 object-contain", className)}
      />
    );
  const name = EXPERTISE_ICONS[block.iconName as ExpertiseIcon] ?? EXPERTISE_ICONS.Home;
  return <Icon name={name} className={cn("size-6", className)} />;
}

type FormInput = z.input<typeof expertiseFormSchema>;

/** 'Ajouter un bloc', or the row's 'Modifier' (`trigger`) for `block`. */
export function BlockDialog({ block, trigger }: { block?: Block; trigger?: React.ReactElement }) {
  const defaultValue: Partial<FormInput> = block
    ? {
        title: block.title,
        description: block.description,
        iconName: block.iconName as ExpertiseIcon,
        size: block.size as ExpertiseSize,
        backgroundColor: block.backgroundColor,
        textColor: block.textColor,
        isFeatured: block.isFeatured,
        imageUrl: block.imageUrl ?? "",
        useCustomIcon: Boolean(block.customIconUrl),
        customIconUrl: block.customIconUrl ?? "",
      }
    : {
        title: "",
        description: "",
        iconName: "Home",
        size: "medium",
        backgroundColor: "bg-card",
        textColor: "text-foreground",
        isFeatured: false,
        useCustomIcon: false,
      };
  return (
    <RowFormDialog
      row={block}
      trigger={trigger}
      add="Ajouter un bloc d'expertise"
      addButton="Ajouter un bloc"
      edit="Modifier le bloc d'expertise"
      description="Les pôles d'expertise sont présentés sur la page d'accueil, dans cet ordre."
      schema={expertiseFormSchema}
      defaultValue={defaultValue}
    >
      {(fields) => (
        <>
          <TextField meta={fields.title} label="Titre" autoComplete="off" />
          <TextareaField meta={fields.description} label="Description" rows={3} />
          <CustomIconToggle fields={fields} />
          <ChoiceField meta={fields.iconName} legend="Icône" options={iconChoices} />
          <ChoiceField meta={fields.size} legend="Taille" options={sizeChoices} />
          <ChoiceField meta={fields.backgroundColor} legend="Couleur de fond" options={backgroundChoices} />
          <ChoiceField meta={fields.textColor} legend="Couleur du texte" options={textChoices} />
          <ToggleField meta={fields.isFeatured} label="Mis en avant (« À la une »)" variant="switch" />
          <Field
            meta={fields.imageUrl}
            label="Image (facultative)"
            description="Une photo en bandeau en haut du bloc."
          >
            {(control) => <ImageField {...control} defaultValue={fields.imageUrl.initialValue} />}
          </Field>
        </>
      )}
    </RowFormDialog>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any, any, string[]>;

/** §3: the custom-icon toggle, and the upload (PNG, JPG, GIF or SVG, 2 MB) it reveals. */
function CustomIconToggle({ fields }: { fields: { useCustomIcon: AnyField; customIconUrl: AnyField } }) {
  const on = fields.useCustomIcon.value === "on";
  return (
    <div className="flex flex-col gap-3 rounded-md border p-3">
      <ToggleField meta={fields.useCustomIcon} label="Utiliser une icône personnalisée" variant="switch" />
      {on ? (
        <Field
          meta={fields.customIconUrl}
          label="Icône personnalisée"
          description="PNG, JPG, GIF ou SVG, 2 Mo au plus. Un SVG est converti en image."
        >
          {(control) => (
            <ImageField
              {...control}
              kind="icon"
              defaultValue={String(fields.customIconUrl.initialValue ?? "")}
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
