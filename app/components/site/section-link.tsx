/**
 * Links to the home page's sections (public-site.md §2): plain /#{section} anchors, which the
 * browser follows from any page to the section; on the home page app/enhance/header.ts scrolls
 * there smoothly in place.
 */
export type HomeSection = "hero" | "services" | "expertise" | "projects" | "blog" | "contact";

type SectionLinkProps = Omit<React.ComponentProps<"a">, "href"> & { section: HomeSection };

export function SectionLink({ section, ...props }: SectionLinkProps) {
  return <a {...props} href={`/#${section}`} data-section={section} />;
}
