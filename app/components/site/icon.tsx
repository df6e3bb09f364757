import type { IconName } from "./icon-names";

/**
 * An icon drawn from a stylesheet's strip (scripts/icon-styles.js): `name`'s drawing, painted by the
 * .icon rule of app.css in the text colour; its size and colour come from `className`. An <svg> so
 * that the ui components' `[&_svg]` sizes apply to it as they do to lucide's. Typed by the strip it
 * draws from: `Icon` here (the site's, icons.css), the back office's in components/admin/icon.tsx.
 */
export function StripIcon({ name, className }: { name: string; className?: string }) {
  return <svg aria-hidden="true" className={className ? `icon i-${name} ${className}` : `icon i-${name}`} />;
}

/** A decorative icon of the site (its drawing in icons.css). */
export const Icon: (props: { name: IconName; className?: string }) => React.ReactElement = StripIcon;
