/**
 * reCAPTCHA v3 in the browser. With no site key configured it yields undefined and the server,
 * also unconfigured, does not ask for a token.
 */
interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}

let loading: Promise<Grecaptcha> | null = null;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A token for `action`, or undefined when reCAPTCHA is off. Rejects when it is on but fails. */
export async function getRecaptchaToken(siteKey: string | null | undefined, action: string): Promise<string | undefined> {
  if (!siteKey) return undefined;
  const g = await loadScript(siteKey);
  return g.execute(siteKey, { action });
}
