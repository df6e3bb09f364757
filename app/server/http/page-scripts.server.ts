/**
 * A public page's JavaScript starts loading once the page has painted, not while it is painting.
 *
 * React Router's `<Scripts />` writes a `<link rel="modulepreload">` per module and an inline
 * module script that imports them: the browser fetches them all (≈100 KB) at high priority beside
 * the stylesheet and the HTML the first paint needs, and on a phone's slow connection they share
 * its bandwidth. Here they wait for the first paint: the inline module is kept as an inert data
 * block, and a small script re-creates it (with its preloads) in the task after the browser reports
 * the first contentful paint, at the latest after three seconds. A frame's callback is not enough:
 * the frame can be shown well after it, and the modules then load and run before the paint. Where
 * paint timing is missing it uses the task after the first frame; in a hidden tab, which paints
 * nothing, it starts at once. The page reads and navigates without scripts meanwhile (links and
 * forms are plain HTML); hydration starts just after the paint.
 *
 * Both scripts keep the render's nonce, so `hashInlineScripts` puts their hashes in the page's
 * CSP; the module re-created from the data block has the same text, hence the same hash.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const ENTRY_MODULE = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;
const DATA_BLOCK_ID = "page-modules";

export function startScriptsAfterFirstPaint(html: string, nonce: string): string {
  const entry = ENTRY_MODULE.exec(html);
  if (!entry) return html;
  const [tag, attributes, source] = entry;
  const hrefs = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader =
    `(function(d){var go=function(){go=function(){};${JSON.stringify(hrefs)}.forEach(function(h){` +
    `var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.text=d.getElementById("${DATA_BLOCK_ID}").text;` +
    `d.body.appendChild(s)};var later=function(){go()};` +
    `if(d.visibilityState==="hidden")return go();` +
    `var P=window.PerformanceObserver;` +
    `if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)` +
    `return requestAnimationFrame(function(){setTimeout(later)});` +
    `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(later)}})` +
    `.observe({type:"paint",buffered:true});setTimeout(later,3000)})(document)`;
  const replacement =
    `<script${attributes} type="text/plain" id="${DATA_BLOCK_ID}">${source}</script>` +
    `<script nonce="${nonce}">${loader}</script>`;
  return html.replace(MODULE_PRELOAD, "").replace(tag, () => replacement);
}
