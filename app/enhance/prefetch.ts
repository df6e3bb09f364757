/**
 * Where the browser lacks Speculation Rules (the page's <script type="speculationrules"> prerenders
 * a link the visitor points at), a <link rel="prefetch"> for the same links, on the same signal:
 * the next page's HTML is in the cache when the click comes.
 */
if (!HTMLScriptElement.supports?.("speculationrules")) {
  const fetched = new Set<string>([window.location.href]);
  const onIntent = (event: Event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
    if (!link || link.origin !== window.location.origin || fetched.has(link.href)) return;
    if (/^\/(admin|api|media)(\/|$)/.test(link.pathname) || /\bnofollow\b/.test(link.rel)) return;
    if (link.hasAttribute("download") || link.hash) return;
    fetched.add(link.href);
    const prefetch = document.createElement("link");
    prefetch.rel = "prefetch";
    prefetch.href = link.href;
    document.head.append(prefetch);
  };
  for (const name of ["pointerover", "touchstart", "focusin"]) {
    document.addEventListener(name, onIntent, { passive: true });
  }
}
