import { describe, expect, it } from "vitest";
import { isAllowedImageSource, isAllowedLinkHref } from "~/lib/content-html";
import { sanitizeContentHtml, sanitizeRichTextForStorage } from "~/server/content/sanitize.server";

describe("sanitizeContentHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      "<h2>Titre</h2><p>Un <strong>gras</strong>, <em>italique</em>, <u>souligné</u>, <s>barré</s>.<br></p>" +
      '<ul><li>un</li></ul><ol start="3"><li>trois</li></ol><blockquote>cite</blockquote>' +
      "<pre><code>const a = 1;</code></pre><hr>" +
      '<table><thead><tr><th colspan="2">T</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>' +
      '<figure><img src="/media/images/abc.webp" alt="Tableau" width="800" height="600"><figcaption>Légende</figcaption></figure>';
    expect(sanitizeContentHtml(html)).toBe(
      html.replace("<br>", "<br />").replace("<hr>", "<hr />").replace('height="600">', 'height="600" />'),
    );
  });

  it("removes scripts, styles and frames with their content", () => {
    expect(sanitizeContentHtml("<p>a</p><script>window.__xss=1</script><style>p{}</style>")).toBe("<p>a</p>");
    expect(sanitizeContentHtml('<iframe src="https://evil.example"></iframe><p>b</p>')).toBe("<p>b</p>");
    expect(sanitizeContentHtml('<svg onload="alert(1)"><circle /></svg>ok')).toBe("ok");
    expect(sanitizeContentHtml('<object data="x"></object><embed src="x"><form><input></form>')).toBe("");
  });

  it("removes event handlers and inline styles", () => {
    expect(sanitizeContentHtml('<img src=x onerror="window.__xss=1">')).toBe("");
    expect(sanitizeContentHtml('<img src="https://cdn.example/a.jpg" onerror="alert(1)" style="x">')).toBe(
      '<img src="https://cdn.example/a.jpg" />',
    );
    expect(sanitizeContentHtml('<p onclick="alert(1)" style="color:red" class="x">t</p>')).toBe("<p>t</p>");
  });

  it("drops dangerous URL schemes", () => {
    expect(sanitizeContentHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeContentHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeContentHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeContentHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("<a>x</a>");
    expect(sanitizeContentHtml('<img src="javascript:alert(1)">')).toBe("");
    expect(sanitizeContentHtml('<img src="data:image/png;base64,AAAA">')).toBe("");
    expect(sanitizeContentHtml('<img src="//evil.example/a.png">')).toBe("");
    expect(sanitizeContentHtml('<img src="/admin/x.png">')).toBe("");
  });

  it("keeps safe links and protects new-tab links", () => {
    expect(sanitizeContentHtml('<a href="/contact">c</a>')).toBe('<a href="/contact">c</a>');
    expect(sanitizeContentHtml('<a href="mailto:a@b.fr">m</a>')).toBe('<a href="mailto:a@b.fr">m</a>');
    expect(sanitizeContentHtml('<a href="https://x.fr" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.fr" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContentHtml('<a href="https://x.fr" target="other">x</a>')).toBe(
      '<a href="https://x.fr">x</a>',
    );
  });

  it("escapes text so it cannot become markup", () => {
    expect(sanitizeContentHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
    expect(sanitizeContentHtml(null)).toBe("");
  });
});

describe("sanitizeRichTextForStorage (every content save)", () => {
  it("stores editor HTML through the public allowlist", () => {
    expect(
      sanitizeRichTextForStorage(
        '<h2>Titre</h2><p onclick="x()">Texte <a href="javascript:alert(1)">lien</a></p><script>alert(1)</script>',
      ),
    ).toBe("<h2>Titre</h2><p>Texte <a>lien</a></p>");
    expect(sanitizeRichTextForStorage('<p><img src="/media/images/a.webp" alt="A" onerror="x()"></p>')).toBe(
      '<p><img src="/media/images/a.webp" alt="A" /></p>',
    );
  });

  it("keeps plain text as typed and stores blank as null", () => {
    expect(sanitizeRichTextForStorage("  Tom & Jerry < 3 ans\nsecond  ")).toBe("Tom & Jerry < 3 ans\nsecond");
    expect(sanitizeRichTextForStorage("   ")).toBeNull();
    expect(sanitizeRichTextForStorage(null)).toBeNull();
    expect(sanitizeRichTextForStorage("<script>alert(1)</script>")).toBeNull();
  });
});

describe("the editor's link and image dialogs (isAllowedLinkHref, isAllowedImageSource)", () => {
  const hrefs = [
    "https://www.betic.fr/contact",
    "HTTP://exemple.fr",
    "mailto:contact@betic.fr",
    "tel:+33555000000",
    "/projects/tableau",
    "javascript:alert(1)",
    "data:text/html,x",
    "//evil.example/x",
    "ftp://exemple.fr/fichier",
    "vbscript:x",
  ];
  const srcs = [
    "https://cdn.example/a.jpg",
    "/media/images/abc.webp",
    "/admin/x.png",
    "//evil.example/a.png",
    "data:image/png;base64,AAAA",
    "javascript:alert(1)",
  ];

  it("accept only what the saved and rendered HTML keeps", () => {
    const kept = (html: string, attribute: string) => sanitizeContentHtml(html).includes(`${attribute}="`);
    for (const href of hrefs)
      expect([href, isAllowedLinkHref(href)]).toEqual([href, kept(`<a href="${href}">x</a>`, "href")]);
    for (const src of srcs)
      expect([src, isAllowedImageSource(src)]).toEqual([src, kept(`<img src="${src}">`, "src")]);
  });
});
