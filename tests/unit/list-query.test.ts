import { describe, expect, it } from "vitest";
import {
  countLabel,
  defineListSpec,
  formatKeysetCursor,
  listSearch,
  parseKeysetPosition,
  parseListQuery,
  sortSearch,
} from "~/lib/list-query";

const spec = defineListSpec({
  sorts: ["title", "updated"],
  defaultSort: "title",
  filters: {
    status: ["published", "draft"],
    category: (value: string) => /^[a-z0-9-]+$/.test(value),
  },
});

describe("parseListQuery", () => {
  it("reads search, filters, sort, direction and page", () => {
    const query = parseListQuery(
      "?q=+tableau+&status=draft&category=renovation&sort=updated&dir=desc&page=3",
      spec,
    );
    expect(query).toEqual({
      q: "tableau",
      sort: "updated",
      dir: "desc",
      page: 3,
      filters: { status: "draft", category: "renovation" },
    });
  });

  it("falls back to the defaults for anything invalid, never throws", () => {
    for (const search of [
      "?sort=drop&dir=sideways&page=-2&status=deleted&category=%3Cscript%3E",
      "?page=abc",
      "?page=1.5",
      "?page=99999999999999999999",
      "?page=0",
      "",
    ]) {
      const query = parseListQuery(search, spec);
      expect(query.sort).toBe("title");
      expect(query.dir).toBe("asc");
      expect(query.page).toBe(1);
      expect(query.filters).toEqual({});
    }
  });

  it("accepts a Request or a URL", () => {
    expect(parseListQuery(new Request("http://x/admin/cms?q=a"), spec).q).toBe("a");
    expect(parseListQuery(new URL("http://x/admin/cms?page=2"), spec).page).toBe(2);
  });

  it("uses the spec's default direction", () => {
    const byDate = defineListSpec({ sorts: ["date"], defaultSort: "date", defaultDir: "desc" });
    expect(parseListQuery("", byDate).dir).toBe("desc");
  });
});

describe("listSearch and sortSearch", () => {
  it("changes a parameter and goes back to page 1", () => {
    expect(listSearch("?q=a&page=4&sort=title", { q: "b" })).toBe("?q=b&sort=title");
    expect(listSearch("?q=a", { q: "" })).toBe("");
    expect(listSearch("?q=a&page=2", { page: 3 })).toBe("?q=a&page=3");
    expect(listSearch("?q=a&page=2", { page: 1 })).toBe("?q=a");
  });

  it("drops a keyset cursor on any other change, keeps it when it is the change", () => {
    expect(listSearch("?q=a&after=3_x", { q: "b" })).toBe("?q=b");
    expect(listSearch("?sort=hits&before=3_x", { sort: "path" })).toBe("?sort=path");
    expect(listSearch("?q=a&before=3_x", { after: "4_y", before: null })).toBe("?q=a&after=4_y");
  });

  it("toggles the direction of the current sort, starts others ascending", () => {
    const active = { sort: "title", dir: "asc" as const };
    expect(sortSearch("?q=x&page=2", "title", active)).toBe("?q=x&sort=title&dir=desc");
    expect(sortSearch("?sort=title&dir=desc", "title", { sort: "title", dir: "desc" })).toBe(
      "?sort=title&dir=asc",
    );
    expect(sortSearch("", "updated", active)).toBe("?sort=updated&dir=asc");
  });
});

describe("keyset cursors and capped counts", () => {
  const id = "0b7c6a4e-9d1f-4a8e-8c3b-2f5e6d7a8b9c";

  it("reads the value (which may hold '_') and the id back from the URL", () => {
    const cursor = formatKeysetCursor("/blog_2019/page_4", id);
    expect(parseKeysetPosition(new URLSearchParams({ after: cursor }))).toEqual({
      direction: "after",
      value: "/blog_2019/page_4",
      id,
    });
    expect(parseKeysetPosition(new URLSearchParams({ before: formatKeysetCursor("12", id) }))).toEqual({
      direction: "before",
      value: "12",
      id,
    });
  });

  it("shows the first page for a missing or malformed cursor", () => {
    for (const search of ["", "?after=12", "?after=12_pas-un-id", "?before=_"])
      expect(parseKeysetPosition(new URLSearchParams(search))).toEqual({ direction: "first" });
  });

  it("says 'plus de' before a capped total, in French figures, the noun agreeing", () => {
    expect(countLabel({ total: 1, totalCapped: false }, "adresse")).toBe("1 adresse");
    expect(countLabel({ total: 12, totalCapped: false }, "adresse")).toBe("12 adresses");
    expect(countLabel({ total: 100000, totalCapped: false }, "demande")).toBe("100\u202f000 demandes");
    expect(countLabel({ total: 1000, totalCapped: true }, "adresse")).toBe("plus de 1\u202f000 adresses");
  });
});
