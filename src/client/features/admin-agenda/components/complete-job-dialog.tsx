import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CircleCheck } from 'lucide-react';
import { bookingStatusChangeSchema } from '../../../../shared/schemas/admin';
import type { AgendaJob } from '../../../../shared/schemas/admin-agenda';
import { durationText } from '../../../../shared/duration-text';
import { toast } from '../../../components/ui/use-toast';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { BoundInput } from '../../../components/admin/fields';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';
import { IconButton } from '../../../components/admin/icon-button';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { checkWith } from '../../../lib/form-checks';
import { onlineManager } from '@tanstack/react-query';
import { useCompleteJob } from '../api/complete-api';
import { isNetworkFailure, queueAction } from '../offline/pending-actions';

const FALLBACK = 'Could not mark the job completed. Please try again.';

/** The real time as typed: empty is "not timed" (the job is completed without it). */
const completeFormSchema = z.object({
  actualMinutes: z.string().transform((text, ctx) => (text.trim() === '' ? undefined : checkWith(bookingStatusChangeSchema.shape.actualMinutes.unwrap(), Number(text), ctx))),
});

function CompleteForm({ job, onDone }: { job: AgendaJob; onDone: () => void }) {
  const complete = useCompleteJob();
  const form = useForm<z.input<typeof completeFormSchema>, unknown, z.output<typeof completeFormSchema>>({
    resolver: zodResolver(completeFormSchema),
    // The booked length, which the owner changes to what it really took.
    defaultValues: { actualMinutes: String(job.durationMinutes) },
  });
  const { bind } = useFormFields(form);
  /** No signal: kept on the phone and sent when it returns (Today lists it meanwhile). */
  function keepForLater(actualMinutes: number | undefined) {
    queueAction({ kind: 'complete', id: job.id, jobLabel: `job #${job.id}`, actualMinutes, pressedAt: Date.now() });
    toast({ title: 'Saved on This Phone', description: `No signal: job #${job.id} will be marked completed when the signal returns.` });
    onDone();
  }
  const submit = form.handleSubmit(
    ({ actualMinutes }) => {
      if (!onlineManager.isOnline()) return keepForLater(actualMinutes);
      complete.mutate(
        { id: job.id, actualMinutes },
        {
          onSuccess: (result) => {
            toast({ title: 'Job Completed', description: result.message, variant: 'success' });
            onDone();
          },
          onError: (err) => {
            if (isNetworkFailure(err)) return keepForLater(actualMinutes);
            setServerErrors(err, form.setError, onlyFields(['actualMinutes']));
            toastNotSaved(err, FALLBACK);
          },
        },
      );
    },
    (invalid) => toastNotValid(invalid, FALLBACK),
  );
  return (
    <DialogForm onSubmit={submit} pending={complete.isPending} saveLabel="Mark completed">
      <BoundInput
        {...bind('actualMinutes')}
        label="Real time (minutes)"
        hint={`Booked for ${durationText(job.durationMinutes)}. The price list learns each item’s real time from it; leave it empty if you did not time the job.`}
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
      />
    </DialogForm>
  );
}

/** "Complete" on a confirmed job: asks how long it really took, then marks it completed (the customer is asked for a review). */
export function CompleteJobDialog({ job }: { job: AgendaJob }) {
  return (
    <FormDialog
      title={`Complete job #${job.id}`}
      description={`How long did ${job.serviceName} for ${job.customerName} really take?`}
      trigger={
        <IconButton Icon={CircleCheck} srLabel={`job #${job.id}`}>
          Complete
        </IconButton>
      }
    >
      {(close) => <CompleteForm job={job} onDone={close} />}
    </FormDialog>
  );
}
