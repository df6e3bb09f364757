import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/cn";

/** The common part is `.badge` in admin.css (a status in every row of a list). */
export const badgeVariants = cva("badge text-xs [&_svg]:size-3", {
  variants: {
    variant: {
      default: "border-transparent bg-primary text-primary-foreground",
      secondary: "border-transparent bg-secondary text-secondary-foreground",
      outline: "text-foreground",
      destructive: "border-red-500/40 bg-red-500/15 text-red-200",
      success: "border-green-500/40 bg-green-500/15 text-green-200",
      warning: "border-yellow-500/40 bg-yellow-500/15 text-yellow-100",
      info: "border-blue-500/40 bg-blue-500/15 text-blue-200",
      muted: "border-slate-400/30 bg-slate-400/10 text-slate-200",
    },
  },
  defaultVariants: { variant: "default" },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

export function Badge({
  className,
  variant,
  asChild = false,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "span";
  return <Component className={cn(badgeVariants({ variant }), className)} {...props} />;
}
