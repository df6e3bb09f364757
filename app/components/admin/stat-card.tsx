import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { canOpen, type AdminScreenPath } from "~/lib/admin/admin-access";
import { cn } from "~/lib/cn";

type Props = {
  label: string;
  value: string | number;
  /** The screen the card opens; a person who may not open it sees the card without a link. */
  to: AdminScreenPath;
  icon: LucideIcon;
  user: { role?: string | null };
  testId?: string;
};

/** A key figure of the dashboard and the statistics: a label, a number and an icon. */
export function StatCard({ label, value, to, icon: Icon, user, testId }: Props) {
  const linked = canOpen(user, to);
  const body = (
    <>
      <div>
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="mt-1 text-3xl font-bold tabular-nums">{value}</p>
      </div>
      <span className="rounded-full bg-primary/15 p-3 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
    </>
  );
  const className = "flex items-center justify-between gap-4 rounded-lg border bg-card p-5";
  return linked ? (
    <Link
      to={to}
      data-testid={testId}
      className={cn(className, "transition-colors hover:border-primary/60 hover:bg-accent/40")}
    >
      {body}
    </Link>
  ) : (
    <div data-testid={testId} className={className}>
      {body}
    </div>
  );
}
