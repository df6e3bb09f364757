/** What a form gives the rich text editor (the same for the textarea shown before it loads). */
export type RichTextEditorProps = {
  /** The form field the HTML is posted under (a hidden input; a textarea before the editor loads). */
  name: string;
  /** Given to the control currently shown, so a `<label htmlFor>` names it. */
  id: string;
  defaultValue?: string | null;
  /** Every change, as HTML ("" when empty): for live previews and Conform's `useInputControl`. */
  onChange?: (html: string) => void;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true";
  /** The visible label's id; without it `label` is the editor's accessible name. */
  "aria-labelledby"?: string;
  label?: string;
};

/** The textarea the editor replaces once it is ready, and how it goes. */
export type Replacing = { textarea: () => HTMLTextAreaElement | null; replace: () => void };
