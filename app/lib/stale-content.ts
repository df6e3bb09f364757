/** What a save over a version newer than the one the form was opened on answers (nothing was written). */
export const STALE_CONTENT_MESSAGE =
  "Ce contenu a été modifié par quelqu'un d'autre depuis votre ouverture. Rechargez la page pour voir ses changements.";
