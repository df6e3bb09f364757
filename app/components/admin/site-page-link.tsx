import type { ReactNode } from "react";
import { localPagePath } from "~/lib/safe-redirect";

/**
 * A stored path of the public site (a contact's source page, a page viewed), opened in a new tab;
 * a value that is not a local path (a row written before the rule, or by hand) stays text, never
 * an href another site could hide in.
 */
export function SitePageLink({
  path,
  className,
  title,
  children,
}: {
  path: string;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  if (!localPagePath(path)) return <span title={title}>{path}</span>;
  return (
    <a href={path} target="_blank" rel="noreferrer" className={className} title={title}>
      {children}
    </a>
  );
}
