import { useId } from "react";
import { ErrorList } from "~/components/admin/fields";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** The address field of the link and image forms, with the refusal under it. */
export function AddressInput({
  label,
  value,
  onChange,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  autoFocus?: boolean;
}) {
  const ids = { input: useId(), error: useId() };
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.input}>{label}</Label>
      <Input
        id={ids.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="https://…"
        inputMode="url"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        autoFocus={autoFocus}
      />
      <ErrorList id={ids.error} errors={error ? [error] : null} />
    </div>
  );
}
