import { Link } from "react-router";
import { clsx } from "clsx";

/**
 * Company logo and name; the name wraps rather than push the menu button off a narrow screen (320 px
 * with text spacing, WCAG 1.4.10 and 1.4.12). On the home page a click scrolls to the top (app/enhance/header.ts); elsewhere it goes to /. */
export function SiteLogo({ name, logo, className }: { name: string; logo: string; className?: string }) {
  return (
    <Link
      to="/"
      aria-label={`${name} — accueil`}
      data-home=""
      className={clsx("flex min-w-0 items-center gap-2.5 rounded-md", className)}
    >
      <img src={logo} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg object-contain" />
      <span className="text-lg font-bold leading-tight tracking-tight text-white">{name}</span>
    </Link>
  );
}
