/**
 * The form fields' classes, apart from their components (class merging, Radix) so that the public
 * contact form styles plain elements with them without downloading either.
 */
/** `.field` in app.css. */
export const fieldClassName = "field";

export const inputClassName = `${fieldClassName} h-10`;

export const textareaClassName = `${fieldClassName} min-h-32 resize-y`;

/** `.field-label` in app.css. */
export const labelClassName = "field-label";
