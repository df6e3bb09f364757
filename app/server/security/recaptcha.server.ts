import { logger } from "~/server/logger.server";
import type { SiteSettings } from "~/server/settings.server";
import { config } from "~/server/config.server";

/** The token the original front end sent when the robot check was off (public-site.md §5). */
export const RECAPTCHA_DISABLED_TOKEN = "recaptcha-disabled";

export type RobotCheck = { active: true; siteKey: string; secretKey: string } | { active: false };

/** Active unless enable_recaptcha is false, and only when both keys are configured. */
export function robotCheckOf(settings: SiteSettings | null): RobotCheck {
  if (
    settings &&
    settings.enableRecaptcha !== false &&
    settings.recaptchaSiteKey &&
    settings.recaptchaSecretKey
  ) {
    return { active: true, siteKey: settings.recaptchaSiteKey, secretKey: settings.recaptchaSecretKey };
  }
  return { active: false };
}

const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Asks Google whether the widget's token is genuine. Fails closed: a network error, a timeout or
 * an unreadable answer counts as a failed check.
 */
export async function verifyRecaptcha(
  check: RobotCheck,
  token: string | undefined,
  remoteIp?: string,
): Promise<{ success: boolean; errorCodes: string[] }> {
  if (!check.active) return { success: true, errorCodes: [] };
  if (!token || token === RECAPTCHA_DISABLED_TOKEN)
    return { success: false, errorCodes: ["missing-input-response"] };
  const url = config.recaptchaVerifyUrl;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        secret: check.secretKey,
        response: token,
        ...(remoteIp ? { remoteip: remoteIp } : {}),
      }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    const body = (await response.json()) as { success?: unknown; "error-codes"?: unknown };
    const errorCodes = Array.isArray(body["error-codes"]) ? body["error-codes"].map(String) : [];
    if (response.ok && body.success === true) return { success: true, errorCodes };
    return { success: false, errorCodes: errorCodes.length ? errorCodes : [`http-${response.status}`] };
  } catch (error) {
    logger.warn({ err: error }, "reCAPTCHA verification unavailable; refusing");
    return { success: false, errorCodes: ["verification-unavailable"] };
  }
}
