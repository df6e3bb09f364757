import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { authSecret } from "~/server/secrets.server";
import { config } from "~/server/config.server";

/** A toast that survives a redirect (Epic Stack's pattern): set by an action, shown once. */
export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    get secrets() {
      return [authSecret()];
    },
  },
});

export async function toastHeaders(toast: ToastInput) {
  const session = await toastStorage.getSession();
  session.flash("toast", toastSchema.parse(toast));
  return { "Set-Cookie": await toastStorage.commitSession(session) };
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(await toastHeaders(toast))) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  const toast = parsed.success ? parsed.data : null;
  return {
    toast,
    headers: toast ? { "Set-Cookie": await toastStorage.destroySession(session) } : undefined,
  };
}
