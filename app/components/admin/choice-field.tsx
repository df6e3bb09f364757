import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/admin/fields";
import { cn } from "~/lib/cn";

export type Choice = {
  value: string;
  label: string;
  /** Drawn above or beside the label: an icon, a colour swatch. */
  visual?: React.ReactNode;
};

/**
 * One choice among a few, shown as tiles (icons, colour swatches, sizes): native radio buttons
 * under a fieldset and legend, so it posts without JavaScript and the arrow keys move between
 * choices. The tile of the checked choice is outlined.
 *
 *   <ChoiceField meta={fields.size} legend="Taille" options={[{ value: "small", label: "Petit" }]} />
 */
export function ChoiceField({
  meta,
  legend,
  options,
  className,
  tileClassName,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta: FieldMetadata<any, any, string[]>;
  legend: string;
  options: readonly Choice[];
  className?: string;
  tileClassName?: string;
}) {
  return (
    <fieldset
      className={cn("flex min-w-0 flex-col gap-2", className)}
      aria-describedby={meta.errors?.length ? meta.errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const { key, ...radio } = getInputProps(meta, { type: "radio", value: option.value });
          return (
            <label
              key={key ?? option.value}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-md border bg-background/40 px-3 py-2 text-sm transition-colors hover:bg-accent",
                "has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                tileClassName,
              )}
            >
              <input {...radio} id={`${meta.id}-${option.value}`} className="sr-only" />
              {option.visual}
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
