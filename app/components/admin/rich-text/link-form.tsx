import type { Editor } from "@tiptap/react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { isAllowedLinkHref } from "~/lib/content-html";
import { AddressInput } from "./address-input";

/**
 * 'Ajouter un lien' / 'Modifier le lien' on the selection, in the editor's dialog: an address the
 * public allowlist keeps. Mounted at each opening: it starts from the link under the cursor.
 */
export function LinkForm({ editor, close }: { editor: Editor; close: () => void }) {
  const existing = editor.isActive("link");
  const attributes = editor.getAttributes("link");
  const [href, setHref] = useState((attributes.href as string | undefined) ?? "");
  const [newTab, setNewTab] = useState(attributes.target === "_blank");
  const [error, setError] = useState<string | null>(null);
  const ids = { newTab: useId() };

  function apply(event: React.FormEvent) {
    // The dialog is portaled out of the page's form in the DOM, not in React: stop its submit here.
    event.preventDefault();
    event.stopPropagation();
    const value = href.trim();
    if (!isAllowedLinkHref(value)) {
      setError("Veuillez entrer une adresse valide (https://…, /page, mailto:… ou tel:…)");
      return;
    }
    editor
      .chain()
      .focus()
      .extendMarkRange("link")
      .setLink({ href: value, target: newTab ? "_blank" : null, rel: null })
      .run();
    close();
  }

  return (
    <form onSubmit={apply} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{existing ? "Modifier le lien" : "Ajouter un lien"}</DialogTitle>
        <DialogDescription>Le texte sélectionné mènera à cette adresse.</DialogDescription>
      </DialogHeader>
      <AddressInput label="Adresse" value={href} onChange={setHref} error={error} autoFocus />
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.newTab}
          checked={newTab}
          onCheckedChange={(checked) => setNewTab(checked === true)}
        />
        <Label htmlFor={ids.newTab}>Ouvrir dans un nouvel onglet</Label>
      </div>
      <DialogFooter>
        {existing ? (
          <Button
            type="button"
            variant="outline"
            className="sm:mr-auto"
            onClick={() => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              close();
            }}
          >
            Retirer le lien
          </Button>
        ) : null}
        <Button type="button" variant="ghost" onClick={close}>
          Annuler
        </Button>
        <Button type="submit">Appliquer</Button>
      </DialogFooter>
    </form>
  );
}
