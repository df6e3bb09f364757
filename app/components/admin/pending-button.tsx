import { useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Icon } from "./icon";

/**
 * Whether this page's form post is on its way: any post, or only the one whose `intent` is given
 * (a screen with several forms: the settings' save, a backup's start...).
 */
export function useIsPending(intent?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent)
  );
}

/**
 * The submit button of the back office: disabled, with a spinner and `pendingLabel`, while its
 * post is on its way (`pending`: `useIsPending(intent)`, or a fetcher's state).
 *
 *   <PendingButton pending={useIsPending("save")}>Enregistrer les paramètres</PendingButton>
 */
export function PendingButton({
  pending,
  pendingLabel = "Enregistrement...",
  disabled,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel?: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? <Icon name="loader-circle" className="animate-spin" /> : null}
      {pending ? pendingLabel : children}
    </Button>
  );
}
