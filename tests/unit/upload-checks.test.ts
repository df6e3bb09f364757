import { describe, expect, it } from "vitest";
import { checkBeforeUpload } from "~/lib/admin/media";

/* The browser-side check before an upload answers as the server would (back-office.md §5, §9). */
describe("checkBeforeUpload", () => {
  const pdf = new File(["%PDF-1.7"], "devis.pdf", { type: "application/pdf" });

  it("refuses a file that is not an image in §5's words for an expertise icon", () => {
    expect(checkBeforeUpload(pdf, "icon")).toEqual({
      title: "Format non valide",
      description: "Veuillez sélectionner une image (PNG, JPG, SVG, etc.)",
    });
  });

  it("keeps the gallery's words for a content image", () => {
    expect(checkBeforeUpload(pdf, "image")).toEqual({
      title: "Type de fichier invalide",
      description: "Veuillez sélectionner une image",
    });
  });

  it("lets an image of the right size through", () => {
    expect(
      checkBeforeUpload(new File([new Uint8Array(10)], "a.png", { type: "image/png" }), "icon"),
    ).toBeNull();
  });
});
