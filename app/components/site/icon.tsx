import type { IconName } from "./icon-names";

/**
 * A decorative icon of the site (its drawing in icons.css, painted by the .icon rule of app.css);
 * its size and colour come from `className`. An <svg> so that the ui components' `[&_svg]` sizes
 * apply to it as they do to lucide's.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <svg aria-hidden="true" className={className ? `icon i-${name} ${className}` : `icon i-${name}`} />;
}
