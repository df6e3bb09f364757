import { Label as LabelPrimitive } from "radix-ui";
import { cn } from "~/lib/cn";
import { labelClassName } from "./field-classes";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn(labelClassName, className)} {...props} />;
}
