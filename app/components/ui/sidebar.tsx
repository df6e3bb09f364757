import { PanelLeft } from "lucide-react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { TooltipProvider } from "~/components/ui/tooltip";
import { cn } from "~/lib/cn";

/** Cookie holding whether the desktop sidebar is open; read by the admin layout's loader. */
export const SIDEBAR_COOKIE = "sidebar_state";
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** Below this width the sidebar is an off-canvas sheet, closed until asked for. */
const MOBILE_QUERY = "(max-width: 767px)";
export const SIDEBAR_ID = "admin-sidebar";

/** The desktop sidebar's state from a Cookie header: open unless the person closed it. */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar_state=(true|false)(?:;|$)/);
  return match?.[1] !== "false";
}

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the mobile layout applies (false while rendering on the server). */
function useIsMobile() {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

type SidebarContextValue = {
  isMobile: boolean;
  /** Desktop: full width (true) or icons only (false). */
  open: boolean;
  /** Mobile: the sheet is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside SidebarProvider");
  return context;
}

export function SidebarProvider({
  defaultOpen,
  children,
}: {
  defaultOpen: boolean;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  // The sheet belongs to the page it was opened on: following a link, or leaving the mobile
  // layout, closes it.
  const [sheetOpenOn, setSheetOpenOn] = useState<string | null>(null);
  const openMobile = isMobile && sheetOpenOn === pathname;
  const setOpenMobile = useCallback((value: boolean) => setSheetOpenOn(value ? pathname : null), [pathname]);

  const toggle = useCallback(() => {
    if (isMobile) {
      setSheetOpenOn((openOn) => (openOn === pathname ? null : pathname));
      return;
    }
    setOpen(!open);
    document.cookie = `${SIDEBAR_COOKIE}=${!open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, [isMobile, open, pathname]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== "b" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      // A rich-text editor uses the same shortcut for bold.
      if (event.defaultPrevented || (event.target as HTMLElement | null)?.isContentEditable) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ isMobile, open, openMobile, setOpenMobile, toggle }),
    [isMobile, open, openMobile, setOpenMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={700}>
        <div
          className="flex min-h-svh w-full [--sidebar-width-icon:3rem] [--sidebar-width:16rem]"
          data-sidebar-state={open ? "expanded" : "collapsed"}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

/**
 * Desktop: a column the height of the page, 16rem wide or 3rem with icons only. Under 768px: a sheet of 18rem
 * from the left. `children` receives whether it is drawn collapsed (icons only).
 */
export function Sidebar({
  children,
  label,
}: {
  children: (collapsed: boolean) => React.ReactNode;
  label: string;
}) {
  const { open, openMobile, setOpenMobile } = useSidebar();
  return (
    <>
      {/* A column as tall as the page, so its background and border run to the bottom of a long
          screen; the menu inside stays in view while the page scrolls. */}
      <nav
        id={SIDEBAR_ID}
        aria-label={label}
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "hidden shrink-0 border-r bg-sidebar transition-[width] duration-200 ease-linear md:block",
          open ? "w-(--sidebar-width)" : "w-(--sidebar-width-icon)",
        )}
      >
        <div className="sticky top-0 z-20 flex h-svh flex-col overflow-x-hidden">{children(!open)}</div>
      </nav>
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" className="w-[18rem] gap-0 bg-sidebar p-0 sm:max-w-[18rem] md:hidden">
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">Navigation du back-office</SheetDescription>
          <nav aria-label={label} className="flex h-full flex-col">
            {children(false)}
          </nav>
        </SheetContent>
      </Sheet>
    </>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { isMobile, open, openMobile, toggle } = useSidebar();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("size-9", className)}
      onClick={toggle}
      aria-controls={SIDEBAR_ID}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      title="Afficher ou masquer le menu (Ctrl+B)"
      data-testid="sidebar-trigger"
    >
      <PanelLeft aria-hidden />
      <span className="sr-only">Afficher ou masquer le menu</span>
    </Button>
  );
}
