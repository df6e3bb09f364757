import { clsx } from "clsx";
import type { RichBody } from "~/lib/content-html";

/**
 * Staff-written content. The HTML went through toRichBody (sanitizeContentHtml) before it
 * reached this component, which is the only reason injecting it here is safe.
 */
export function RichContent({ body, className }: { body: RichBody; className?: string }) {
  if ("html" in body) {
    return (
      <div className={clsx("rich-content", className)} dangerouslySetInnerHTML={{ __html: body.html }} />
    );
  }
  return <div className={clsx("rich-content whitespace-pre-line", className)}>{body.text}</div>;
}
