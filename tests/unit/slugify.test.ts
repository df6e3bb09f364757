import { describe, expect, it } from "vitest";
import { slugify } from "~/lib/slugify";

describe("slugify", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Mise aux normes")).toBe("mise-aux-normes");
  });

  it("removes diacritics before dropping other characters", () => {
    expect(slugify("Électricité")).toBe("electricite");
    expect(slugify("Rénovation électrique à Limoges")).toBe("renovation-electrique-a-limoges");
    expect(slugify("Ça coûte combien ? Œuvre")).toBe("ca-coute-combien-oeuvre");
  });

  it("drops characters other than letters, digits, spaces and hyphens", () => {
    expect(slugify("Tableau électrique : 5 signes d'usure !")).toBe("tableau-electrique-5-signes-dusure");
    expect(slugify("IRVE / borne 7,4 kW")).toBe("irve-borne-74-kw");
  });

  it("collapses repeated hyphens and spaces and trims", () => {
    expect(slugify("  Dépannage -- urgent   24h  ")).toBe("depannage-urgent-24h");
    expect(slugify("--a--b--")).toBe("a-b");
    expect(slugify("!!!")).toBe("");
  });
});
