import { useRouteLoaderData } from "react-router";
import { SITE_LAYOUT_ROUTE_ID, serializeJsonLd } from "~/lib/seo";

/**
 * Inline JSON-LD. The data is escaped by `serializeJsonLd` (no `</script>` break-out) and the script
 * carries the request's CSP nonce from the public layout's loader data. Browsers blank nonce
 * attributes after parsing, hence suppressHydrationWarning.
 */
export function JsonLd({ data }: { data: unknown }) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as { cspNonce?: string } | undefined;
  return (
    <script
      type="application/ld+json"
      nonce={layout?.cspNonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
