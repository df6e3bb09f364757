import { ExternalLink, Info, Monitor, Smartphone, Tablet, type LucideIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/*
 * Live previews (back-office.md §2.6, §2.12): a preview page renders the real public component
 * from a form's unsaved values. The form and the page talk by window messages, on this origin
 * only: the page announces `{ type: "PREVIEW_READY" }` to the window that holds it (the frame's
 * parent, or the tab's opener) and takes every `{ type: "UPDATE_PREVIEW", data }` from it.
 */

export const UPDATE_PREVIEW = "UPDATE_PREVIEW";
export const PREVIEW_READY = "PREVIEW_READY";

type PreviewMessage<Data> = { type: typeof UPDATE_PREVIEW; data: Data } | { type: typeof PREVIEW_READY };

function isMessage(value: unknown): value is PreviewMessage<unknown> {
  const type = (value as { type?: unknown } | null)?.type;
  return type === UPDATE_PREVIEW || type === PREVIEW_READY;
}

/**
 * Sends `data` to the preview shown in `target` (an iframe's window or a tab) whenever it changes
 * and whenever the preview announces itself ready (first load, reload, navigation back).
 */
function useSendPreview<Data>(target: () => Window | null | undefined, data: Data) {
  const latest = useRef(data);
  const send = useCallback(() => {
    target()?.postMessage({ type: UPDATE_PREVIEW, data: latest.current }, window.location.origin);
  }, [target]);

  useEffect(() => {
    latest.current = data;
    send();
  }, [data, send]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isMessage(event.data)) return;
      if (event.data.type === PREVIEW_READY && event.source && event.source === target()) send();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [send, target]);
}

/**
 * For a preview page: `initial` (what the database holds) until the form that opened or frames
 * the page sends its values, then the latest of those. Announces PREVIEW_READY once listening.
 */
export function usePreviewData<Data>(initial: Data): { data: Data; live: boolean } {
  const [state, setState] = useState({ data: initial, live: false });
  useEffect(() => {
    const holder = window.parent !== window ? window.parent : window.opener;
    if (!holder) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== holder || !isMessage(event.data))
        return;
      if (event.data.type === UPDATE_PREVIEW) setState({ data: event.data.data as Data, live: true });
    };
    window.addEventListener("message", onMessage);
    holder.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  return state;
}

/**
 * A preview page opened in a new tab that keeps receiving the form's values while the form stays
 * open. Returns the function that opens (or focuses) it.
 *
 *   const openPreview = usePreviewWindow(values);
 *   <Button onClick={() => openPreview(`/admin/blog/preview/${id}`)}>Ouvrir dans un nouvel onglet</Button>
 */
export function usePreviewWindow<Data>(data: Data) {
  const tab = useRef<Window | null>(null);
  const target = useCallback(() => (tab.current?.closed ? null : tab.current), []);
  useSendPreview(target, data);
  return useCallback((url: string) => {
    if (tab.current && !tab.current.closed && tab.current.location.pathname === url) tab.current.focus();
    // Not "noopener": the preview answers its opener.
    else tab.current = window.open(url, "_blank");
  }, []);
}

export const previewDevices: {
  value: PreviewDevice;
  label: string;
  width: number | null;
  Icon: LucideIcon;
}[] = [
  { value: "desktop", label: "Bureau", width: null, Icon: Monitor },
  { value: "tablet", label: "Tablette", width: 768, Icon: Tablet },
  { value: "mobile", label: "Mobile", width: 375, Icon: Smartphone },
];
export type PreviewDevice = "desktop" | "tablet" | "mobile";

/** 'Bureau' / 'Tablette' / 'Mobile' (back-office.md §9: full width up to 6xl, 768 px, 375 px). */
export function DeviceToggle({
  device,
  onChange,
}: {
  device: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
}) {
  return (
    <div role="group" aria-label="Largeur de l'aperçu" className="flex rounded-md bg-muted p-0.5">
      {previewDevices.map(({ value, label, width, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={device === value}
          title={width ? `${label} (${width} px)` : `${label} (pleine largeur)`}
          onClick={() => onChange(value)}
          className={cn(
            "inline-flex items-center gap-1.5 rounded px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring",
            device === value
              ? "bg-background text-foreground shadow"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}

/**
 * The preview of a form's unsaved values: the page at `src` (which renders the real public
 * component and reads the values with `usePreviewData`) in a frame 'Bureau' (full width, max
 * 6xl), 'Tablette' (768 px) or 'Mobile' (375 px) wide, updated live as `data` changes. With
 * `newTabUrl`, a button opens the same preview in a tab, which keeps following the form.
 *
 *   <PreviewFrame title="Aperçu de l'article" src={`/admin/blog/preview/${id}?embed=1`}
 *     newTabUrl={`/admin/blog/preview/${id}`} data={values} />
 */
export function PreviewFrame<Data>({
  src,
  data,
  title,
  newTabUrl,
  className,
}: {
  src: string;
  data: Data;
  /** The frame's accessible name. */
  title: string;
  newTabUrl?: string;
  className?: string;
}) {
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const frame = useRef<HTMLIFrameElement>(null);
  const target = useCallback(() => frame.current?.contentWindow, []);
  useSendPreview(target, data);
  const openTab = usePreviewWindow(data);
  const width = previewDevices.find((entry) => entry.value === device)!.width;

  return (
    <div className={cn("flex min-h-0 flex-col gap-3", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DeviceToggle device={device} onChange={setDevice} />
        {newTabUrl ? (
          <Button type="button" variant="outline" size="sm" onClick={() => openTab(newTabUrl)}>
            <ExternalLink aria-hidden /> Ouvrir dans un nouvel onglet
          </Button>
        ) : null}
      </div>
      <div className="flex min-h-0 flex-1 justify-center overflow-auto rounded-md border bg-black/40">
        <iframe
          ref={frame}
          src={src}
          title={title}
          data-device={device}
          style={width ? { width: `${width}px` } : undefined}
          className={cn("h-full min-h-96 max-w-full shrink-0 bg-background", width ? "" : "w-full max-w-6xl")}
        />
      </div>
    </div>
  );
}

/**
 * A preview screen of its own (a tab): its title, the notices about what is previewed, then the
 * frame filling the rest of the window. The frame is named by the title.
 */
export function PreviewScreen<Data>({
  title,
  notices,
  src,
  data,
}: {
  title: string;
  notices: React.ReactNode;
  src: string;
  data: Data;
}) {
  return (
    <main className="flex h-svh flex-col gap-3 p-3 md:p-4">
      <header className="flex flex-col gap-3">
        <h1 className="text-lg font-semibold">{title}</h1>
        {notices}
      </header>
      <PreviewFrame title={title} src={src} data={data} className="flex-1" />
    </main>
  );
}

/** A notice above a preview, e.g. §2.6's 'Aperçu limité' for an article that is not public. */
export function PreviewNotice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-md border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
      <p>
        <strong className="font-semibold">{title}</strong> : {children}
      </p>
    </div>
  );
}
