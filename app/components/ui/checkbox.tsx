import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { Icon } from "~/components/site/icon";
import { cn } from "~/lib/cn";

/**
 * A checkbox (Radix: inside a form it posts `name=value`, "on" by default, when checked). Its
 * look is `.checkbox` in admin.css (one in every row of a list with a selection).
 */
export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root className={cn("checkbox peer", className)} {...props}>
      <CheckboxPrimitive.Indicator className="flex items-center justify-center">
        <Icon name="check" className="size-3.5" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
