import { QUICK_CREATE_PREFIX } from "~/lib/schemas/project";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { projectImages } from "~/server/db/schema";
import { announceEnqueued } from "~/server/mail/outbox.server";
import type { PhotoOutcome } from "~/server/media/photo-form.server";
import { insertProject } from "./projects.server";

/**
 * §4, §7, §9 quick creation: a draft titled '[A REDIGER] …'; the first stored photo becomes the
 * main image and the next ones the gallery, display_order 1, 2... A photo that could not be stored
 * does not cost the project: `failed` counts them for the 'Attention' message.
 */
export async function quickCreateProject(
  context: MutationContext,
  { title, photos }: { title: string; photos: PhotoOutcome[] },
) {
  const stored = photos.filter((photo): photo is { url: string } => "url" in photo);
  const [main, ...gallery] = stored;
  const marked = title.startsWith(QUICK_CREATE_PREFIX) ? title : `${QUICK_CREATE_PREFIX} ${title}`;
  const project = await mutate(context, async (m) => {
    const project = await insertProject(
      m,
      { title: marked, status: "draft", mainImage: main?.url ?? null },
      context.actor.email,
    );
    if (gallery.length > 0) {
      const rows = await m.tx
        .insert(projectImages)
        .values(
          gallery.map((photo, index) => ({
            projectId: project.id,
            imageUrl: photo.url,
            altText: "",
            displayOrder: index + 1,
          })),
        )
        .returning({ id: projectImages.id });
      await m.audit({
        action: "create",
        entityType: "project_images",
        entityId: project.id,
        details: { imageIds: rows.map((row) => row.id) },
      });
    }
    return project;
  });
  announceEnqueued();
  return { project, failed: photos.length - stored.length };
}
