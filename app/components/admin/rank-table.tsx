import { cn } from "~/lib/cn";

/** A ranked list of the Statistiques screen (pages, sources, devices, searches): a label, then figures. */
export function RankTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: [string, ...string[]];
  rows: { key: string; cells: React.ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          {headers.map((header, index) => (
            <th key={header} scope="col" className={cn("py-2 font-medium", index > 0 && "w-20 text-right")}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b last:border-0">
            {row.cells.map((cell, index) => (
              <td
                key={index}
                className={cn("py-2", index === 0 ? "max-w-0 truncate pr-3" : "text-right tabular-nums")}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
