import { cn } from "~/lib/cn";
import { fieldClassName } from "./input";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClassName, "min-h-32 resize-y", className)} {...props} />;
}
