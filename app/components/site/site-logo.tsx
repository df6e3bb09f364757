import { Link, useLocation } from "react-router";
import { scrollToTop } from "~/components/site/section-link";
import { clsx } from "clsx";

/** Company logo and name. On the home page a click scrolls to the top; elsewhere it goes to /. */
export function SiteLogo({ name, logo, className }: { name: string; logo: string; className?: string }) {
  const { pathname } = useLocation();
  return (
    <Link
      to="/"
      aria-label={`${name} — accueil`}
      className={clsx("flex shrink-0 items-center gap-2.5 rounded-md", className)}
      onClick={(event) => {
        if (pathname !== "/" || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        event.preventDefault();
        scrollToTop();
      }}
    >
      <img src={logo} alt="" width={40} height={40} className="size-10 rounded-lg object-contain" />
      <span className="text-lg font-bold leading-tight tracking-tight text-white">{name}</span>
    </Link>
  );
}
