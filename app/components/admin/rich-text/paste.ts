/** Word and Google Docs wrap pasted text in markup no schema wants; the schema drops the rest. */
export function cleanPastedHtml(html: string) {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(style|xml|meta|link|title)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<(meta|link)[^>]*>/gi, "")
    .replace(/<\/?o:p>/gi, "")
    .replace(/\s(class|style|lang|dir)="[^"]*"/gi, "");
}
