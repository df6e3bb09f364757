import type { IconName } from "./icon-names";
// A file of its own (never inlined: a `data:` URL cannot be referenced by <use>), fetched once and
// cached with the other assets. Each icon in a page is then a <use> of about a hundred bytes.
import spriteUrl from "./icons.svg?url&no-inline";

/** A decorative icon from the site's sprite; its size and colour come from `className`. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
