import adminStylesheetUrl from "~/admin.css?url";

/** `links` of every back-office route that renders a page (layout, login, previews): the back
 * office's stylesheet, after the public one that root.tsx links first. */
export const adminLinks = () => [{ rel: "stylesheet", href: adminStylesheetUrl }];
