import { BRAND_NAME } from "~/lib/site-defaults";

/**
 * Common and guessable passwords are refused (zxcvbn with its French dictionary), on top of the
 * spec's 6-character minimum and its message, which the schemas keep checking first.
 *
 * The dictionaries weigh about a megabyte: they are imported on first use, by the server modules
 * that set a password (app/server/auth); the forms' own validation in the browser stays
 * synchronous and never loads them.
 */
export const WEAK_PASSWORD_MESSAGE = "Ce mot de passe est trop courant ou trop facile à deviner.";

/** zxcvbn's score (0-4) a password must reach: 2 resists about a million guesses. */
export const MIN_PASSWORD_SCORE = 2;

/** Words anyone would try against this site first. */
const SITE_WORDS = [...words(BRAND_NAME), "electricite", "electricien", "limoges", "admin"];

function words(text: string) {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

let scorer: Promise<(password: string, userInputs: string[]) => Promise<number>> | undefined;

function loadScorer() {
  scorer ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-fr"),
  ]).then(([{ ZxcvbnFactory }, common, fr]) => {
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...fr.dictionary },
      graphs: common.adjacencyGraphs,
      translations: fr.translations,
    });
    return async (password: string, userInputs: string[]) =>
      (await zxcvbn.checkAsync(password, userInputs)).score;
  });
  return scorer;
}

/** Whether `password` is too common or too easy to guess (`userInputs`: the e-mail, the name...). */
export async function isGuessablePassword(password: string, userInputs: string[] = []): Promise<boolean> {
  const score = await (await loadScorer())(password, [...SITE_WORDS, ...userInputs.flatMap(words)]);
  return score < MIN_PASSWORD_SCORE;
}
