/** Google's reCAPTCHA v2 checkbox: its script, added once and only when a form with the check is on screen. */
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

export type RobotCheck = { ready: boolean; problem: string | null; token: string };

/** Renders the widget in `container`; `onChange` hears of its token and problems. */
export function renderRecaptcha(
  container: HTMLElement,
  siteKey: string,
  onChange: (state: RobotCheck) => void,
) {
  const state: RobotCheck = { ready: false, problem: null, token: "" };
  const update = (change: Partial<RobotCheck>) => onChange(Object.assign(state, change));
  loadGrecaptcha().then(
    (api) => {
      if (!container.isConnected) return;
      try {
        api.render(container, {
          sitekey: siteKey,
          theme: "dark",
          callback: (token) => update({ token }),
          "expired-callback": () => update({ token: "" }),
          "error-callback": () => update({ problem: RECAPTCHA_MESSAGES.verificationFailed }),
        });
        update({ ready: true, problem: null });
      } catch {
        update({ problem: RECAPTCHA_MESSAGES.invalidConfig });
      }
    },
    () => update({ problem: RECAPTCHA_MESSAGES.loadFailed }),
  );
  return state;
}
