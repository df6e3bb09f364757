import { Copy, Share2 } from "lucide-react";
import { toast } from "sonner";
import { Icon } from "~/components/site/icon";
import { Button } from "~/components/ui/button";

/** back-office.md §7 "Sharing": the networks' share addresses for a public URL. */
export function shareLinks(url: string) {
  const encoded = encodeURIComponent(url);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
  };
}

/** A small window for a network's share page (a new tab when pop-ups are blocked). */
function openPopup(event: React.MouseEvent<HTMLAnchorElement>) {
  const popup = window.open(event.currentTarget.href, "share", "width=620,height=560,noopener");
  if (popup) event.preventDefault();
}

/**
 * 'Partager' (back-office.md §2.10): Facebook and LinkedIn share pages with the encoded public
 * address, Instagram by copying the link (Instagram has no share address). Usable only when the
 * project is published with a slug; otherwise a note says so.
 */
export function SharePanel({ url, enabled }: { url: string; enabled: boolean }) {
  const links = shareLinks(url);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Lien copié", { description: "Collez-le dans votre publication Instagram." });
    } catch (error) {
      toast.error("Erreur", {
        description: `Impossible de copier le lien: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  const disabled = !enabled;
  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <h2 id="share-title" className="flex items-center gap-2 font-semibold">
        <Share2 className="size-4" aria-hidden />
        Partager le projet
      </h2>
      <div className="flex flex-wrap gap-2">
        {(
          [
            ["Facebook", links.facebook, "facebook"],
            ["LinkedIn", links.linkedin, "linkedin"],
          ] as const
        ).map(([name, href, icon]) =>
          disabled ? (
            <Button key={name} type="button" variant="outline" size="sm" disabled>
              <Icon name={icon} className="size-4" />
              {name}
            </Button>
          ) : (
            <Button key={name} asChild variant="outline" size="sm">
              <a href={href} target="_blank" rel="noopener noreferrer" onClick={openPopup}>
                <Icon name={icon} className="size-4" />
                {name}
                <span className="sr-only"> (nouvelle fenêtre)</span>
              </a>
            </Button>
          ),
        )}
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => void copy()}>
          <Icon name="instagram" className="size-4" />
          Instagram
          <Copy className="opacity-60" aria-hidden />
          <span className="sr-only"> (copier le lien)</span>
        </Button>
      </div>
      {disabled ? (
        <p className="text-sm text-muted-foreground">
          Le projet doit être publié avec un slug valide pour être partagé.
        </p>
      ) : (
        <p className="break-all text-xs text-muted-foreground">{url}</p>
      )}
    </section>
  );
}
