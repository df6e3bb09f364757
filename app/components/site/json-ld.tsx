import { serializeJsonLd } from "~/lib/seo";

/**
 * Inline JSON-LD. The data is escaped by `serializeJsonLd` (no `</script>` break-out). A data
 * block is not run, so the Content-Security-Policy needs neither a nonce nor a hash for it.
 */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
