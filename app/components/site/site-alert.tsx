import { clsx } from "clsx";
import {
  alertDescriptionClassName,
  alertTitleClassName,
  alertVariants,
} from "~/components/ui/alert-variants";

/** The UI kit's alert, built from its classes on plain elements (no class merging on public pages). */
export function SiteAlert({
  title,
  children,
  variant,
  id,
  className,
}: {
  title: string;
  children: React.ReactNode;
  variant?: "default" | "destructive";
  id?: string;
  className?: string;
}) {
  return (
    <div role="alert" id={id} className={clsx(alertVariants({ variant }), className)}>
      <div className={alertTitleClassName}>{title}</div>
      <div className={alertDescriptionClassName}>{children}</div>
    </div>
  );
}
