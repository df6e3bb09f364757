/**
 * What a route asks of the page it renders (its `handle`, read by app/root.tsx; decision 022):
 * `hydrate: false` sends no React to the browser (the public site's layout says so for every
 * public page), and `scripts` names the progressive-enhancement modules (app/enhance/*.ts) the
 * page loads instead. Routes without a handle hydrate (the back office).
 */
export type Enhancement =
  "header" | "consent" | "page-view" | "prefetch" | "show-more" | "gallery" | "toast" | "contact-form";

export type PageHandle = { hydrate?: false; scripts?: Enhancement[] };
