import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DataTable, type Column, type RowSelection } from "~/components/admin/data-table";

type Row = { id: string; title: string; status: string };
const rows: Row[] = [
  { id: "a", title: "Premier article", status: "Publié" },
  { id: "b", title: "Second article", status: "Brouillon" },
];
const columns: Column<Row>[] = [
  { id: "title", header: "Titre", sortable: true, card: "title", cell: (row) => row.title },
  { id: "status", header: "Statut", cell: (row) => row.status },
];
const selection: RowSelection = {
  chosen: [],
  isChosen: () => false,
  toggle: () => {},
  chooseAll: () => {},
  clear: () => {},
  allState: false,
};

/** The list rendered at `url`, as the server sends it. */
function render(table: React.ReactNode, url = "/admin/blog") {
  const Stub = createRoutesStub([{ path: "/admin/blog", Component: () => table }]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe("DataTable", () => {
  it("writes each row once: a table row, laid out as a card under 768px by its cells' data-card", () => {
    const html = render(
      <DataTable caption="Articles" rows={rows} rowKey={(row) => row.id} columns={columns} empty="Aucun" />,
    );
    expect(count(html, "Premier article")).toBe(1);
    expect(count(html, "<tr")).toBe(3); // the header's and the two rows'
    expect(html).not.toContain("<li");
    expect(html).toContain('<td data-card="title">Premier article</td>');
    // A field's cell carries its label for the card (shown by admin.css under 768px).
    expect(html).toContain('<td data-card="field" data-label="Statut"><span>Publié</span></td>');
  });

  it("adds a selection column: the page's 'select all' in its header, a named checkbox a row it allows", () => {
    const html = render(
      <DataTable
        caption="Articles"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        empty="Aucun"
        selection={{
          state: selection,
          label: (row) => `Sélectionner « ${row.title} »`,
          can: (row) => row.id === "a",
        }}
      />,
    );
    expect(count(html, 'aria-label="Tout sélectionner sur cette page"')).toBe(1);
    expect(count(html, 'aria-label="Sélectionner « Premier article »"')).toBe(1);
    expect(html).not.toContain("Sélectionner « Second article »");
    expect(count(html, '<td data-card="select">')).toBe(2);
  });

  it("says the list is empty, or, under a search or filter, that nothing matched, with the way back", () => {
    const table = (filtered: boolean) => (
      <DataTable
        caption="Articles"
        rows={[]}
        rowKey={(row: Row) => row.id}
        columns={columns}
        empty="Aucun article pour l'instant."
        noMatch="Aucun article ne correspond à cette recherche."
        filtered={filtered}
      />
    );
    const empty = render(table(false), "/admin/blog?sort=title&dir=asc");
    expect(empty).toContain("Aucun article pour l&#x27;instant.");
    expect(empty).not.toContain("Effacer les filtres");

    const noMatch = render(table(true), "/admin/blog?q=zz&status=draft&sort=title&dir=asc&page=2");
    expect(noMatch).toContain("Aucun article ne correspond à cette recherche.");
    expect(noMatch).not.toContain("pour l&#x27;instant");
    expect(noMatch).toMatch(
      /<a [^>]*href="\/admin\/blog\?sort=title&amp;dir=asc"[^>]*>Effacer les filtres<\/a>/,
    );
  });
});
