import { cva } from "class-variance-authority";

/**
 * The button's classes, apart from the Button component (Radix Slot, class merging) so that public
 * pages style plain elements with them without downloading either. The common part is `.button`
 * in app.css (in every row of a list: 300 characters a button); `text-sm` and the icons'
 * size stay utilities, so that a size's `text-base` and an icon's own size class meet them as
 * before.
 */
export const buttonVariants = cva("button text-sm [&_svg]:size-4 [&_svg]:shrink-0", {
  variants: {
    variant: {
      default: "bg-primary text-primary-foreground shadow hover:bg-primary/90",
      destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
      outline: "border border-input bg-transparent hover:bg-accent hover:text-accent-foreground",
      secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
      ghost: "hover:bg-accent hover:text-accent-foreground",
      link: "text-red-300 underline-offset-4 hover:underline",
    },
    size: {
      default: "h-10 px-4 py-2",
      sm: "h-9 px-3",
      lg: "h-11 px-6 text-base",
      icon: "size-10",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});
