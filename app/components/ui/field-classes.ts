/**
 * The form fields' classes, apart from their components (class merging, Radix) so that the public
 * contact form styles plain elements with them without downloading either.
 */
export const fieldClassName =
  "w-full rounded-md border border-input bg-background/60 px-3 py-2 text-base text-foreground placeholder:text-muted-foreground/60 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm";

export const inputClassName = `${fieldClassName} h-10`;

export const textareaClassName = `${fieldClassName} min-h-32 resize-y`;

export const labelClassName = "text-sm font-medium leading-none peer-disabled:opacity-60";
