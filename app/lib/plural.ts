/** Counts as the back office writes them: French figures ('1 000'), the words agreeing. */
const frenchNumber = new Intl.NumberFormat("fr-FR");

/** `count` in French figures: '12', '1 000', '100 000'. */
export function formatCount(count: number) {
  return frenchNumber.format(count);
}

/**
 * `count` and the words it counts, each taking an s past one: plural(1, "demande effacée") is
 * '1 demande effacée', plural(2, ...) '2 demandes effacées'; `many` for another plural form.
 */
export function plural(count: number, words: string, many?: string) {
  return `${formatCount(count)} ${pluralWords(count, words, many)}`;
}

/** The words alone, agreeing with `count` (what follows the figure in a sentence). */
export function pluralWords(count: number, words: string, many?: string) {
  if (count <= 1) return words;
  return many ?? words.replace(/[^\s]+/g, (word) => (/[sxz]$/.test(word) ? word : `${word}s`));
}
