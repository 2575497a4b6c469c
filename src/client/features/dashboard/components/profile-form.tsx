import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, Pencil } from 'lucide-react';
import type { z } from 'zod';
import type { User } from '../../../../shared/schemas/auth';
import { profileSchema } from '../../../../shared/schemas/dashboard';
import { toast } from '../../../components/ui/use-toast';
import { InputField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../hooks/use-dashboard';
import { cardClass, inputClass, outlineButtonClass, primaryButtonClass } from './styles';

type ProfileValues = z.input<typeof profileSchema>;

function valuesOf(user: Pick<User, 'fullName' | 'phone'>): ProfileValues {
  return { fullName: user.fullName, phone: user.phone ?? '' };
}

interface ProfileFormProps {
  user: User;
  /** The saved user, so the rest of the app shows the new name at once. */
  onSaved: (user: User) => void;
}

/** Full name and phone, editable after 'Edit Profile'; the email is shown but fixed. */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const [isEditing, setIsEditing] = useState(false);
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileValues, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    values: valuesOf(user),
  });
  const { errors } = form.formState;

  function cancelEditing() {
    form.reset(valuesOf(user));
    setIsEditing(false);
  }

  function onSubmit(values: z.output<typeof profileSchema>) {
    updateProfile.mutate(
      { fullName: values.fullName, phone: values.phone ?? '' },
      {
        onSuccess: ({ user: saved }) => {
          onSaved(saved);
          form.reset(valuesOf(saved));
          setIsEditing(false);
          toast({ title: 'Profile Updated', description: 'Your profile has been saved.', variant: 'success' });
        },
        onError: (err) => {
          setServerErrors(err, form.setError, onlyFields(['fullName', 'phone']));
          toast({ title: 'Failed to update profile. Please try again.', description: errorMessage(err, ''), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <section aria-labelledby="personal-info-heading" className={`${cardClass} p-5 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="personal-info-heading" className="text-lg font-bold text-ink-950">
            Personal Information
          </h2>
          <p className="text-sm text-neutral-700">The name and phone number we use for your appointments.</p>
        </div>
        {!isEditing && (
          <button type="button" className={outlineButtonClass} onClick={() => setIsEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit Profile
          </button>
        )}
      </div>
      <form method="post" action="/dashboard/profile" noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-6 space-y-4" aria-label="Profile">
        <InputField label="Full Name" autoComplete="name" disabled={!isEditing} className={inputClass} registration={form.register('fullName')} error={errors.fullName} />
        <InputField label="Email" type="email" value={user.email} readOnly className={inputClass} hint="Your email cannot be changed" />
        <InputField
          label="Phone"
          type="tel"
          autoComplete="tel"
          disabled={!isEditing}
          placeholder={isEditing ? '(310) 555-0100' : 'Not provided'}
          className={inputClass}
          registration={form.register('phone')}
          error={errors.phone}
        />
        {isEditing && (
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <button type="button" className={outlineButtonClass} onClick={cancelEditing} disabled={updateProfile.isPending}>
              Cancel
            </button>
            <button type="submit" className={primaryButtonClass} disabled={updateProfile.isPending}>
              {updateProfile.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

export function PasswordCard() {
  return (
    <section aria-labelledby="password-heading" className={`${cardClass} p-5 sm:p-6`}>
      <div className="flex items-start gap-4">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-ink-950 text-gold-400">
          <KeyRound className="h-5 w-5" aria-hidden="true" />
        </div>
        <div className="flex-1">
          <h2 id="password-heading" className="text-lg font-bold text-ink-950">
            Password
          </h2>
          <p className="mt-1 text-sm text-neutral-700">Password management is not yet available. Please contact us if you need to change your password.</p>
          <button type="button" className={`${outlineButtonClass} mt-4`} disabled>
            Change Password
          </button>
        </div>
      </div>
    </section>
  );
}
