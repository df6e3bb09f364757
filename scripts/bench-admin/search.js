// bench:admin case: the site search (issue 38) on the articles case's 10,000 articles (four topics
// in turn, every status). The bench is signed in, so the page cache never answers: every request
// renders and counts its search (uncached, as a first search is). Target: p95 of /recherche under
// 50 ms; the public /blog list, on the same articles, is printed beside it.
import articlesCase from "./articles.js";

/** The case at `scale`: the articles case's seed, the public pages. */
export default function searchCase(scale) {
  const articles = articlesCase(scale);
  const rows = articles.seedLabel.split(",")[0];
  return {
    name: "search",
    seedLabel: articles.seedLabel,
    seed: articles.seed,
    screens: [
      ["Recherche « tableau électrique »", "/recherche?q=tableau+%C3%A9lectrique", "Résultats pour", rows],
      [
        "Recherche « borne de recharje » (une faute)",
        "/recherche?q=borne+de+recharje",
        "Résultats pour",
        rows,
      ],
      ["Recherche « électricien » (tous)", "/recherche?q=%C3%A9lectricien", "Résultats pour", rows],
      ["Recherche sans résultat", "/recherche?q=piscine", "Aucun résultat", rows],
      ["Recherche, page 2", "/recherche?q=tableau+%C3%A9lectrique&page=2", "Page 2 sur", rows],
      ["Blog (liste publique)", "/blog", "Actualités", rows],
    ],
  };
}
