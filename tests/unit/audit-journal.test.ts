import { describe, expect, it } from "vitest";
import { formatCursor, journalListSpec, parseCursor, parsePosition } from "~/lib/admin/audit-journal";
import { parseListQuery } from "~/lib/list-query";

const id = "5d92ef58-eadd-40f6-aea6-42dbb15c2ade";

describe("the journal's cursor and filters", () => {
  it("reads back the cursor it wrote, microseconds and offset included", () => {
    for (const at of [
      "2025-05-28 09:35:07.248129+00",
      "2026-01-11 00:30:00+01",
      "2026-03-29 02:00:00.5-05:30",
    ])
      expect(parseCursor(formatCursor({ at, id }))).toEqual({ at, id });
  });

  it("refuses a cursor that PostgreSQL would not read as (timestamptz, uuid)", () => {
    for (const value of [
      "",
      id,
      `2025-05-28_${id}`,
      `2025-05-28 09:35:07+00_not-a-uuid`,
      `now()_${id}`,
      `2025-05-28 09:35:07+00'; drop table audit_log; --_${id}`,
    ])
      expect(parseCursor(value)).toBeNull();
  });

  it("follows 'Plus anciennes' first, then 'Plus récentes', else the first page", () => {
    const cursor = formatCursor({ at: "2025-05-28 09:35:07.248129+00", id });
    expect(parsePosition(new URLSearchParams({ older: cursor, newer: cursor })).direction).toBe("older");
    expect(parsePosition(new URLSearchParams({ newer: cursor })).direction).toBe("newer");
    expect(parsePosition(new URLSearchParams({ older: "x" }))).toEqual({ direction: "first" });
  });

  it("keeps only filters it can apply: an account id or 'system', a name, a real day", () => {
    const query = parseListQuery(
      `person=system&action=sign_in&type=blog_articles&from=2026-02-01&to=2026-02-30&q=+borne+`,
      journalListSpec,
    );
    expect(query.filters).toEqual({
      person: "system",
      action: "sign_in",
      type: "blog_articles",
      from: "2026-02-01",
    });
    expect(query.q).toBe("borne");
    expect(
      parseListQuery(`person=chef&action=DROP TABLE&from=01/02/2026&to=2026-13-45`, journalListSpec).filters,
    ).toEqual({});
  });
});
