import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { listSearch } from "~/lib/list-query";
import { Icon } from "./icon";

/**
 * A list's 'Exporter (CSV)' button: downloads `to` (the list's CSV resource route) with the list's
 * query string, so the file holds the filtered rows; `drop` names the parameters that are not
 * filters (an open detail, a cursor). `filtered` tells a screen reader what the file will hold.
 */
export function ExportLink({
  to,
  drop = [],
  filtered,
}: {
  to: string;
  drop?: string[];
  filtered?: string | false;
}) {
  const location = useLocation();
  const search = listSearch(location.search, Object.fromEntries(drop.map((name) => [name, null])));
  return (
    <Button asChild variant="outline">
      <a href={`${to}${search}`} download>
        <Icon name="download" />
        Exporter (CSV)
        {filtered ? <span className="sr-only"> {filtered}</span> : null}
      </a>
    </Button>
  );
}
