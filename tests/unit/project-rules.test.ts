import { describe, expect, it } from "vitest";
import { projectFormSchema, projectSubmitErrors } from "~/lib/schemas/project";

/** Every combination of short, empty and valid values of the fields the §5 rules read. */
function* combinations() {
  const choices = {
    status: ["draft", "published", "scheduled"],
    title: ["", " a ", "Rénovation à Panazol"],
    location: ["", "Li", "Panazol"],
    description: ["", "trop court", "Mise aux normes complète du tableau et des circuits d'une maison."],
    image: ["", "/media/images/tableau.webp"],
    category: ["", "Résidentiel", "Tertiaire"],
    scheduledDate: ["", "2030-01-15T09:30"],
  };
  const keys = Object.keys(choices) as (keyof typeof choices)[];
  function* fill(index: number, values: Record<string, string>): Generator<Record<string, string>> {
    if (index === keys.length) return yield values;
    for (const value of choices[keys[index]!]) yield* fill(index + 1, { ...values, [keys[index]!]: value });
  }
  yield* fill(0, {});
}

describe("project submit checks (§5)", () => {
  // The browser and the server run them only on values the on-change rules accepted: a message
  // that only refused values give could never be shown.
  it("only has messages that values accepted on change can give", () => {
    const options = { categories: ["Résidentiel"] };
    const reachable = new Set<string>();
    const all = new Set<string>();
    for (const values of combinations()) {
      const messages = projectSubmitErrors(values, options);
      for (const message of messages) all.add(message);
      if (projectFormSchema.safeParse(values).success) for (const message of messages) reachable.add(message);
    }
    expect([...all].filter((message) => !reachable.has(message))).toEqual([]);
    expect([...reachable].sort()).toEqual([
      `La catégorie "Tertiaire" n'existe pas dans la base de données. Veuillez créer cette catégorie d'abord.`,
      "Une date de publication est requise pour les projets planifiés",
      "Une description d'au moins 50 caractères est requise",
    ]);
  });
});
