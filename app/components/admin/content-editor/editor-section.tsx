import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** A titled card of an editor's fields ('Publication', 'Métadonnées'…); `className` lays out its body. */
export function EditorSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
