import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, later Tailwind utilities winning over earlier ones: for the UI primitives and
 * the back office, where callers override a component's classes. Public pages never override and
 * join with plain `clsx`, which keeps tailwind-merge (~7 KB compressed) out of their JavaScript.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
