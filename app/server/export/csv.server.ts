import { once } from "node:events";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab, a carriage return) as a formula: a
 * visitor's "name" could run one. The leading quote makes it text (OWASP "CSV injection").
 */
export function spreadsheetSafe(value: string | null | undefined): string {
  if (!value) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Records as CSV for Excel: UTF-8 with a byte-order mark (accents read right), semicolons (the list
 * separator of French Excel), CRLF between records. Streamed: `records` is read as the client
 * takes the bytes. Cells are written as given: pass what people typed through `spreadsheetSafe`.
 */
export function csvStream<Key extends string>(
  columns: readonly { key: Key; header: string }[],
  records: AsyncIterable<Record<Key, string>>,
): ReadableStream<Uint8Array> {
  const csv = stringify({
    bom: true,
    delimiter: ";",
    header: true,
    record_delimiter: "windows",
    // With a CRLF record delimiter only CRLF is quoted; a lone line break must be too, or the
    // cell would spill onto a new row.
    quoted_match: /[\r\n]/,
    columns: columns.map(({ key, header }) => ({ key, header })),
  });
  void (async () => {
    try {
      for await (const record of records) if (!csv.write(record)) await once(csv, "drain");
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
