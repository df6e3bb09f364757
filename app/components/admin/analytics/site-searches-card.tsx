import { RankTable } from "~/components/admin/analytics/analytics-parts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCount } from "~/lib/plural";
import { SEARCH_PATH, SEARCH_TEXT_PARAMETER } from "~/lib/site-search";

type CountedSearch = { query: string; searches: number; results: number };

/** The search as a visitor sees it, in a new tab. */
function SearchLink({ query }: { query: string }) {
  return (
    <a
      href={`${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_TEXT_PARAMETER]: query })}`}
      target="_blank"
      rel="noreferrer"
      className="hover:underline"
    >
      {query}
    </a>
  );
}

/**
 * 'Statistiques': what visitors search on the site over the period (issue 38), the frequent
 * searches and those whose last search found nothing, counted by text only.
 */
export function SiteSearchesCard({
  frequent,
  fruitless,
}: {
  frequent: CountedSearch[];
  fruitless: CountedSearch[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recherches sur le site</CardTitle>
        <CardDescription>
          Ce que les visiteurs cherchent avec la recherche du site, compté par texte, sans rien sur le
          visiteur.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="recherches-frequentes">
          <h3 id="recherches-frequentes" className="mb-2 text-sm font-semibold">
            Les plus fréquentes
          </h3>
          <RankTable
            caption="Recherches les plus fréquentes"
            headers={["Recherche", "Recherches", "Résultats"]}
            empty="Aucune recherche sur la période."
            rows={frequent.map((row) => ({
              key: row.query,
              cells: [
                <SearchLink key="query" query={row.query} />,
                formatCount(row.searches),
                formatCount(row.results),
              ],
            }))}
          />
        </section>
        <section aria-labelledby="recherches-sans-resultat">
          <h3 id="recherches-sans-resultat" className="mb-2 text-sm font-semibold">
            Sans résultat
          </h3>
          <RankTable
            caption="Recherches sans résultat"
            headers={["Recherche", "Recherches"]}
            empty="Aucune recherche sans résultat sur la période."
            rows={fruitless.map((row) => ({
              key: row.query,
              cells: [<SearchLink key="query" query={row.query} />, formatCount(row.searches)],
            }))}
          />
        </section>
      </CardContent>
    </Card>
  );
}
