/** What the public site shows when a setting is absent (public-site.md §3). */
export const BRAND_NAME = "BETIC Électricité";
export const BUILT_IN_LOGO = "/logo.svg";
export const DEFAULT_COMPANY_DESCRIPTION =
  "Votre partenaire de confiance pour tous vos besoins en électricité à Limoges et ses environs.";
export const DEFAULT_SITE_TITLE = `${BRAND_NAME} Services Électriques`;
/** An article's author when none is set (back-office.md §3: 'Admin'). */
export const DEFAULT_AUTHOR_NAME = "Admin";
