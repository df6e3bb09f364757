import { ChevronDown } from "lucide-react";
import { useId, useRef } from "react";
import { useRevealFirstError } from "~/components/admin/reveal-first-error";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";

export type ResponsiveSection = {
  id: string;
  label: string;
  icon?: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  content: React.ReactNode;
};

/**
 * Long forms split in sections: tabs from 768px, an accordion of the same sections below (the
 * spec's settings layout). Every section stays in the DOM whichever is shown, so one form around
 * them posts every field. `value` is the open tab; `open` the sections expanded on a phone.
 * A refused submit brings the section of the first invalid field forward and puts the cursor there
 * (Conform's own focus cannot reach a field of a hidden section).
 *
 *   <ResponsiveTabs sections={sections} value={tab} onValueChange={setTab}
 *     open={expanded} onOpenChange={setExpanded} />
 */
export function ResponsiveTabs({
  sections,
  value,
  onValueChange,
  open,
  onOpenChange,
  label,
}: {
  sections: ResponsiveSection[];
  value: string;
  onValueChange: (id: string) => void;
  open: ReadonlySet<string>;
  onOpenChange: (open: Set<string>) => void;
  /** Names the tab list for assistive technology. */
  label: string;
}) {
  const baseId = useId();
  const root = useRef<HTMLDivElement>(null);
  useRevealFirstError(
    root,
    (sections) => {
      // Its own sections are the outermost under its root.
      const section = sections.at(-1);
      if (!section) return;
      onValueChange(section);
      if (!open.has(section)) onOpenChange(new Set([...open, section]));
    },
    { focus: true },
  );

  const toggle = (id: string) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onOpenChange(next);
  };
  return (
    <Tabs value={value} onValueChange={onValueChange} className="gap-4">
      <TabsList aria-label={label} className="hidden md:inline-flex">
        {sections.map(({ id, label: title, icon: Icon }) => (
          <TabsTrigger key={id} value={id}>
            {Icon ? <Icon aria-hidden /> : null}
            {title}
          </TabsTrigger>
        ))}
      </TabsList>
      <div ref={root} className="flex flex-col gap-3 md:gap-0">
        {sections.map(({ id, label: title, icon: Icon, content }) => {
          const expanded = open.has(id);
          const bodyId = `${baseId}-${id}-body`;
          return (
            <TabsContent
              key={id}
              value={id}
              forceMount
              data-section={id}
              className="rounded-lg border bg-card md:rounded-none md:border-0 md:bg-transparent md:data-[state=inactive]:hidden"
            >
              <h2 className="md:hidden">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={bodyId}
                  onClick={() => toggle(id)}
                  className="flex w-full items-center gap-2 px-4 py-3 text-left font-semibold"
                >
                  {Icon ? <Icon className="size-4 text-muted-foreground" aria-hidden /> : null}
                  <span className="flex-1">{title}</span>
                  <ChevronDown
                    className={cn("size-4 transition-transform", expanded && "rotate-180")}
                    aria-hidden
                  />
                </button>
              </h2>
              <div id={bodyId} className={cn("px-4 pb-4 md:block md:p-0", !expanded && "hidden")}>
                {content}
              </div>
            </TabsContent>
          );
        })}
      </div>
    </Tabs>
  );
}
