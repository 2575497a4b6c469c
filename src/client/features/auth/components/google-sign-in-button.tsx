import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import type { User } from '../../../../shared/schemas/auth';
import { useGoogleLogin } from '../hooks/use-auth';
import { decodeGoogleCredential, requestGoogleCredential } from '../utils/google-identity';
import { outlineButtonClass } from './styles';

interface GoogleSignInButtonProps {
  label: 'Sign in with Google' | 'Sign up with Google';
  /** The OAuth client id when Google sign-in is configured, null when it is not, undefined while unknown. */
  clientId: string | null | undefined;
  onSignedIn: (user: User) => void;
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/**
 * Google sign-in through Google Identity Services, loaded on the first click. When Google is
 * not configured the button stays disabled and says so, rather than failing silently.
 */
export function GoogleSignInButton({ label, clientId, onSignedIn }: GoogleSignInButtonProps) {
  const googleLogin = useGoogleLogin();
  const [isPrompting, setIsPrompting] = useState(false);
  const isBusy = isPrompting || googleLogin.isPending;
  const unavailableId = `google-unavailable-${label === 'Sign in with Google' ? 'signin' : 'signup'}`;

  async function handleClick() {
    if (!clientId) return;
    setIsPrompting(true);
    let credential: string;
    try {
      credential = await requestGoogleCredential(clientId, label === 'Sign in with Google' ? 'signin' : 'signup');
    } catch (err) {
      toast({
        title: 'Google Login Failed',
        description: err instanceof Error && err.message ? err.message : 'Failed to login with Google',
        variant: 'destructive',
      });
      return;
    } finally {
      setIsPrompting(false);
    }
    const profile = decodeGoogleCredential(credential);
    googleLogin.mutate(
      { credential, email: profile.email, fullName: profile.fullName, photoURL: profile.photoURL ?? null },
      {
        onSuccess: ({ user }) => {
          toast({ title: 'Google Login Successful', description: `Welcome, ${user.fullName}!`, variant: 'success' });
          onSignedIn(user);
        },
        onError: (err) => {
          toast({ title: 'Google Login Failed', description: errorMessage(err, 'Failed to login with Google'), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        className={outlineButtonClass}
        onClick={() => void handleClick()}
        disabled={!clientId || isBusy}
        aria-describedby={clientId === null ? unavailableId : undefined}
      >
        {isBusy ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> : <GoogleMark />}
        {label}
      </button>
      {clientId === null && (
        <p id={unavailableId} className="text-center text-xs text-neutral-600">
          Google sign-in is not available yet. Please use your email and password.
        </p>
      )}
    </div>
  );
}
