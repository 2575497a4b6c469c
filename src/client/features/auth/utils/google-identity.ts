/**
 * Google Identity Services, loaded only when someone asks to sign in with Google. The ID token
 * (credential) goes to the server, which verifies it; the payload is read here only to prefill
 * the optional fields the API accepts.
 */
interface PromptMoment {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
  getNotDisplayedReason?: () => string;
  getSkippedReason?: () => string;
}

interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
    context?: 'signin' | 'signup' | 'use';
  }): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  cancel(): void;
}

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

const GIS_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | null = null;

function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const fail = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded. Check your connection and try again.'));
    };
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const id = (window as GoogleWindow).google?.accounts?.id;
      if (id) resolve(id);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/** Opens Google's sign-in prompt and resolves with the ID token it returns. */
export async function requestGoogleCredential(clientId: string, context: 'signin' | 'signup'): Promise<string> {
  const gis = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    gis.initialize({
      client_id: clientId,
      context,
      auto_select: false,
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
      callback: (response) => {
        if (settled) return;
        settled = true;
        if (response.credential) resolve(response.credential);
        else reject(new Error('Google sign-in did not return a credential'));
      },
    });
    gis.prompt((moment) => {
      if (settled) return;
      if (moment.isNotDisplayed?.() || moment.isSkippedMoment?.()) {
        settled = true;
        reject(new Error('Google sign-in was closed or is blocked in this browser. Please try again, or use your email and password.'));
      }
    });
  });
}

export interface GoogleProfile {
  email?: string;
  fullName?: string;
  photoURL?: string;
}

/** Reads (without verifying: the server does that) the name, email and picture in an ID token. */
export function decodeGoogleCredential(credential: string): GoogleProfile {
  try {
    const payload = credential.split('.')[1] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown; name?: unknown; picture?: unknown };
    return {
      email: typeof claims.email === 'string' ? claims.email : undefined,
      fullName: typeof claims.name === 'string' ? claims.name : undefined,
      photoURL: typeof claims.picture === 'string' ? claims.picture : undefined,
    };
  } catch {
    return {};
  }
}
