import { cva } from "class-variance-authority";

/** The alert's classes, apart from its components (class merging) for the public site's SiteAlert. */
export const alertVariants = cva(
  "relative grid w-full gap-1 rounded-lg border px-4 py-3 text-sm [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-3.5 [&>svg]:size-4 [&>svg~*]:pl-7",
  {
    variants: {
      variant: {
        default: "bg-card text-card-foreground",
        destructive: "border-destructive/60 bg-destructive/10 text-red-200 [&>svg]:text-red-300",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export const alertTitleClassName = "font-semibold leading-tight";
export const alertDescriptionClassName = "text-sm opacity-90";
