import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import type { AdminIconName } from "../icon-names";

type Compact = { compact?: boolean };

/**
 * One row action's props, for a link or a button: a quiet button whose icon the stylesheet paints
 * (`.with-icon`), its verb, and the row's `name` for screen readers ("Supprimer Jean Dupont").
 * `compact`: the icon alone, the verb as its tooltip; else the verb shows and the row is heard
 * after it. One element, with no drawing or hidden text inside when compact: a list has several in
 * every row.
 *
 *   <button type="submit" {...rowAction({ verb: "Restaurer", icon: "rotate-ccw", name, compact: true })} />
 */
export function rowAction({
  verb,
  icon,
  name,
  compact,
  danger,
}: { verb: string; icon: AdminIconName; name: string; danger?: boolean } & Compact) {
  const className = `button ${compact ? "row-action" : "row-action-text"} with-icon i-${icon}${
    danger ? " text-red-300 hover:text-red-200" : ""
  }`;
  return compact
    ? { className, title: verb, "aria-label": `${verb} ${name}` }
    : {
        className,
        children: (
          <>
            {verb}
            <span className="sr-only"> {name}</span>
          </>
        ),
      };
}

/**
 * The red 'Supprimer' of a row, alone: the trigger of a confirmation (`RowActions` has it
 * already; a screen whose delete asks something else gives it to its own dialog).
 */
export function DeleteRowButton({
  name,
  compact,
  ...props
}: { name: string } & Compact & Omit<React.ComponentProps<"button">, "className" | "children">) {
  return (
    <button
      type="button"
      {...props}
      {...rowAction({ verb: "Supprimer", icon: "trash", name, compact, danger: true })}
    />
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
  return (
    <div className="flex flex-wrap gap-1 md:flex-nowrap">
      {typeof edit === "string" ? (
        <Link to={edit} {...rowAction({ verb: "Modifier", icon: "pencil", name, compact })} />
      ) : edit ? (
        edit(<button type="button" {...rowAction({ verb: "Modifier", icon: "pencil", name, compact })} />)
      ) : null}
      {preview ? (
        <a
          href={preview.href}
          target="_blank"
          rel="noreferrer"
          {...rowAction({
            verb: preview.live ? "Voir" : "Aperçu",
            icon: preview.live ? "external-link" : "eye",
            name: preview.live ? `${name} sur le site (nouvel onglet)` : `de ${name} (nouvel onglet)`,
            compact,
          })}
        />
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
      <button
        type="submit"
        name="intent"
        value="duplicate"
        disabled={copying}
        {...rowAction({ verb: "Dupliquer", icon: "copy", name, compact })}
      />
    </Form>
  );
}
