import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "./icon";

/**
 * A screen's title (the page's only h1), an optional back link and description, and its main
 * actions on the right (below the title on phones).
 *
 *   <PageHeader title="Gestion des pages" actions={<Button asChild><Link to="create">Nouvelle page</Link></Button>} />
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-2">
        {back ? (
          <Button asChild variant="ghost" size="icon" className="-ml-2 size-9 shrink-0">
            <Link to={back.to}>
              <Icon name="arrow-left" />
              <span className="sr-only">{back.label}</span>
            </Link>
          </Button>
        ) : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
