import { cn } from "~/lib/cn";
import { inputClassName } from "./field-classes";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClassName, className)} {...props} />;
}
