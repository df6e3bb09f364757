import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "react-router";
import { useAnswerToast } from "~/components/admin/answer-toast";
import { formTiming } from "~/lib/admin/form-timing";
import type { FormAnswer } from "~/lib/admin/form-answer";
import type { z } from "~/lib/zod";

/**
 * The form of a content editor (article, project, CMS page): Conform on the screen's schema (the
 * one its action parses), the kit's validation timing (`formTiming`: first on submit, then while
 * typing), the action's answer put back into the fields, and its `problem` shown as a toast.
 * `id` names a version of the row: a new version loaded (after a save or a restore) is a new,
 * clean form. `onSubmit` runs, as Conform's, only for a submit its schema accepts.
 *
 *   const { form, fields, answer } = useEditorForm({ id, schema: articleFormSchema, defaultValue: values });
 */
export function useEditorForm<Schema extends z.ZodObject, Answer extends FormAnswer = FormAnswer>({
  id,
  schema,
  defaultValue,
  onSubmit,
}: {
  id: string;
  schema: Schema;
  defaultValue: DefaultValue<z.output<Schema>>;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}) {
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  useAnswerToast(answer);
  const [form, fields] = useForm<z.output<Schema>>({
    id,
    // While a submit is under way the previous answer would put its errors back.
    lastResult: navigation.state === "idle" ? answer?.result : undefined,
    defaultValue,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit,
  });
  return { form, fields, answer };
}
