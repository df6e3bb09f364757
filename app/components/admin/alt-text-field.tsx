import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The alt text of an image being chosen (an image field, the editor's image dialog): asked beside
 * the image, and a warning under it while an image is chosen without one, since a screen reader
 * then says nothing of it (WCAG 1.1.1).
 */
export function AltTextField({
  id,
  name,
  value,
  onChange,
  imageChosen,
  ref,
}: {
  id: string;
  /** Posted under this name by a plain form; none when the caller reads `value`. */
  name?: string;
  value: string;
  onChange: (alt: string) => void;
  imageChosen: boolean;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const missing = imageChosen && !value.trim();
  const hintId = `${id}-missing`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Texte alternatif</Label>
      <Input
        ref={ref}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Ce que montre l'image, pour qui ne la voit pas"
        aria-describedby={missing ? hintId : undefined}
      />
      {missing ? (
        <p id={hintId} className="text-xs text-yellow-300">
          Sans texte alternatif, un lecteur d'écran ne dira rien de cette image : décrivez ce qu'elle montre
          (laissez vide seulement si elle est purement décorative).
        </p>
      ) : null}
    </div>
  );
}
