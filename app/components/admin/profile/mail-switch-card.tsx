import { Loader2 } from "lucide-react";
import { Form } from "react-router";
import { useIsPending } from "~/components/admin/pending-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";

/**
 * A mail staff may turn on or off for themselves: the 08:00 digest of requests to follow up
 * (issue 22), the Monday report (issue 38). The switch is named after the intent in camel case.
 */
export function MailSwitchCard({
  intent,
  on,
  title,
  description,
  label,
}: {
  intent: "daily-digest" | "weekly-report";
  on: boolean;
  title: string;
  description: string;
  label: string;
}) {
  const saving = useIsPending(intent);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" aria-label={title} className="flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value={intent} />
          <label className="flex items-center gap-3 text-sm">
            <Switch
              key={String(on)}
              name={intent === "daily-digest" ? "dailyDigest" : "weeklyReport"}
              defaultChecked={on}
            />
            {label}
          </label>
          <Button type="submit" variant="secondary" disabled={saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Enregistrer
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
