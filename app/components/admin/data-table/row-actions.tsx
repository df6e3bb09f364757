import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ConfirmDialog } from "../confirm-dialog";
import { Icon } from "../icon";

type Compact = { compact?: boolean };

/**
 * The content of one row action's button: its icon, its verb, and the row's `name` for screen
 * readers ("Supprimer Jean Dupont"). `compact` shows the icon alone, the verb as a tooltip. With
 * `rowActionButtonProps`, for a screen's own row actions (the trash's 'Restaurer').
 */
export function ActionLabel({
  icon,
  verb,
  name,
  compact,
}: { icon: React.ReactNode; verb: string; name: string } & Compact) {
  // Compact: one hidden text for the verb and the row (the same name, one element fewer, in every
  // row twice); else the verb shows and the row is heard after it.
  return compact ? (
    <>
      {icon}
      <span className="sr-only">{`${verb} ${name}`}</span>
    </>
  ) : (
    <>
      {icon}
      <span>{verb}</span>
      <span className="sr-only"> {name}</span>
    </>
  );
}

/** A row action's button: small and quiet, or with `compact` an icon whose verb is its tooltip. */
export const rowActionButtonProps = (verb: string, compact?: boolean) =>
  ({ variant: "ghost", size: compact ? "icon" : "sm", title: compact ? verb : undefined }) as const;

/**
 * The red 'Supprimer' of a row, alone: the trigger of a confirmation (`RowActions` has it
 * already; a screen whose delete asks something else gives it to its own dialog).
 */
export function DeleteRowButton({
  name,
  compact,
  ...props
}: { name: string } & Compact & React.ComponentProps<"button">) {
  return (
    <Button
      {...rowActionButtonProps("Supprimer", compact)}
      {...props}
      className={cn("text-red-300 hover:text-red-200", props.className)}
    >
      <ActionLabel icon={<Icon name="trash" />} verb="Supprimer" name={name} compact={compact} />
    </Button>
  );
}

/**
 * A row's actions, as its screen needs them, in one order: edit (a page, or a dialog opened by
 * the 'Modifier' button given to `edit`), preview in a new tab ('Aperçu', or 'Voir' for the live
 * page), 'Dupliquer' (posting `intent=duplicate` and the row's `id`: the action makes the copy and
 * opens it, `rowActionFromForm` with `to`), the screen's own (`children`), then delete behind its confirmation, posting
 * `intent=delete` and the row's `id` (+ `fields`) to the route's action (`deleteRowFromForm`).
 *
 *   <RowActions name={author.name}
 *     edit={(trigger) => <AuthorDialog author={author} trigger={trigger} />}
 *     remove={{ id: author.id, description: `Êtes-vous sûr de vouloir supprimer l'auteur « ${author.name} » ? …` }} />
 *   <RowActions name={`« ${article.title} »`} compact edit={`/admin/blog/edit/${article.id}`}
 *     preview={{ href: `/admin/blog/preview/${article.id}` }} remove={…} />
 */
export function RowActions({
  name,
  compact,
  edit,
  preview,
  duplicate,
  remove,
  children,
}: {
  /** The row as screen readers hear it after each verb. */
  name: string;
  /** Icons only (with tooltips), for lists with many columns. */
  compact?: boolean;
  edit?: string | ((trigger: React.ReactElement) => React.ReactNode);
  /** `live`: the public page ('Voir … sur le site'); else a preview ('Aperçu de …'). */
  preview?: { href: string; live?: boolean };
  /** 'Dupliquer': the row's id. */
  duplicate?: { id: string };
  /** The confirmation's question (`title`: 'Confirmer la suppression' unless the spec says otherwise). */
  remove?: { id: string; description: React.ReactNode; title?: string; fields?: Record<string, string> };
  children?: React.ReactNode;
}) {
  const editLabel = (
    <ActionLabel icon={<Icon name="pencil" />} verb="Modifier" name={name} compact={compact} />
  );
  return (
    <div className="flex flex-wrap gap-1 md:flex-nowrap">
      {typeof edit === "string" ? (
        <Button asChild {...rowActionButtonProps("Modifier", compact)}>
          <Link to={edit}>{editLabel}</Link>
        </Button>
      ) : edit ? (
        edit(<Button {...rowActionButtonProps("Modifier", compact)}>{editLabel}</Button>)
      ) : null}
      {preview ? (
        <Button asChild {...rowActionButtonProps(preview.live ? "Voir" : "Aperçu", compact)}>
          <a href={preview.href} target="_blank" rel="noreferrer">
            <ActionLabel
              icon={<Icon name={preview.live ? "external-link" : "eye"} />}
              verb={preview.live ? "Voir" : "Aperçu"}
              name={preview.live ? `${name} sur le site (nouvel onglet)` : `de ${name} (nouvel onglet)`}
              compact={compact}
            />
          </a>
        </Button>
      ) : null}
      {duplicate ? <DuplicateButton id={duplicate.id} name={name} compact={compact} /> : null}
      {children}
      {remove ? (
        <ConfirmDialog
          trigger={<DeleteRowButton name={name} compact={compact} />}
          title={remove.title ?? "Confirmer la suppression"}
          description={remove.description}
          intent="delete"
          fields={{ id: remove.id, ...remove.fields }}
        />
      ) : null}
    </div>
  );
}

/** 'Dupliquer': posts the row's id; disabled while that copy is being made (one click, one copy). */
function DuplicateButton({ id, name, compact }: { id: string; name: string } & Compact) {
  const navigation = useNavigation();
  const copying =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "duplicate" &&
    navigation.formData.get("id") === id;
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="id" value={id} />
      <Button
        {...rowActionButtonProps("Dupliquer", compact)}
        type="submit"
        name="intent"
        value="duplicate"
        disabled={copying}
      >
        <ActionLabel icon={<Icon name="copy" />} verb="Dupliquer" name={name} compact={compact} />
      </Button>
    </Form>
  );
}
