import { useEffect, useRef } from "react";

type Grecaptcha = {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      theme?: "dark" | "light";
      callback?: (token: string) => void;
      "expired-callback"?: () => void;
      "error-callback"?: () => void;
    },
  ): number;
  reset(widgetId?: number): void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    beticRecaptchaLoaded?: () => void;
  }
}

const ONLOAD_CALLBACK = "beticRecaptchaLoaded" satisfies keyof Window;
const SCRIPT_URL = `https://www.google.com/recaptcha/api.js?onload=${ONLOAD_CALLBACK}&render=explicit&hl=fr`;
const LOAD_TIMEOUT_MS = 15_000;

export const RECAPTCHA_MESSAGES = {
  loadFailed: "Erreur lors du chargement de reCAPTCHA",
  invalidConfig: "Configuration reCAPTCHA invalide",
  notLoaded: "reCAPTCHA n'est pas chargé",
  verificationFailed: "Erreur lors de la vérification reCAPTCHA",
} as const;

let loading: Promise<Grecaptcha> | undefined;

/** Google's script, added once and only when a form with the robot check is on screen. */
function loadGrecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error("timeout")), LOAD_TIMEOUT_MS);
    window[ONLOAD_CALLBACK] = () => {
      window.clearTimeout(timer);
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error("grecaptcha missing"));
    };
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error("script failed to load"));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined; // let a later form try again
    throw error;
  });
  return loading;
}

/**
 * The reCAPTCHA v2 checkbox. Google's widget puts its token in a `g-recaptcha-response` field
 * inside the form; the server verifies it. Problems are reported to the form, which shows them.
 */
export function Recaptcha({
  siteKey,
  resetSignal,
  onReady,
  onProblem,
  onToken,
  describedBy,
}: {
  siteKey: string;
  /** Changes after each answer from the server: a token is good for one verification only. */
  resetSignal: unknown;
  onReady: () => void;
  onProblem: (message: string) => void;
  onToken: (token: string) => void;
  describedBy?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const callbacks = useRef({ onReady, onProblem, onToken });
  useEffect(() => {
    callbacks.current = { onReady, onProblem, onToken };
  });

  useEffect(() => {
    let cancelled = false;
    loadGrecaptcha().then(
      (api) => {
        if (cancelled || !container.current) return;
        try {
          const id = api.render(container.current, {
            sitekey: siteKey,
            theme: "dark",
            callback: (token) => callbacks.current.onToken(token),
            "expired-callback": () => callbacks.current.onToken(""),
            "error-callback": () => callbacks.current.onProblem(RECAPTCHA_MESSAGES.verificationFailed),
          });
          widget.current = { api, id };
          callbacks.current.onReady();
        } catch {
          callbacks.current.onProblem(RECAPTCHA_MESSAGES.invalidConfig);
        }
      },
      () => {
        if (!cancelled) callbacks.current.onProblem(RECAPTCHA_MESSAGES.loadFailed);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  useEffect(() => {
    if (!widget.current) return;
    widget.current.api.reset(widget.current.id);
    callbacks.current.onToken("");
  }, [resetSignal]);

  return <div ref={container} className="min-h-[78px]" aria-describedby={describedBy} />;
}
