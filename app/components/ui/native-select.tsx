import { Icon } from "~/components/site/icon";
import { cn } from "~/lib/cn";
import { fieldClassName } from "./field-classes";

/**
 * The browser's own select, styled: it posts with a plain form, works without JavaScript and
 * opens the native picker on phones.
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <div className={cn("relative w-full", className)}>
      <select className={cn(fieldClassName, "h-10 appearance-none pr-9")} {...props} />
      <Icon
        name="chevron-down"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export function NativeSelectOption(props: React.ComponentProps<"option">) {
  return <option className="bg-popover text-popover-foreground" {...props} />;
}
