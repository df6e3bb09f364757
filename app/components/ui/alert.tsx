import type { VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";
import { alertDescriptionClassName, alertTitleClassName, alertVariants } from "./alert-variants";

export function Alert({
  className,
  variant,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn(alertTitleClassName, className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn(alertDescriptionClassName, className)} {...props} />;
}
