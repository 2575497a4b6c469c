import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Plus, Save, Send } from 'lucide-react';
import type { AdminInvoice } from '../../../../shared/schemas/invoices';
import { BoundCheckbox, BoundInput } from '../../../components/admin/fields';
import { IconButton } from '../../../components/admin/icon-button';
import { LineFieldset } from '../../../components/admin/line-fieldset';
import { goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { errorMessage } from '../../../lib/api';
import { setServerErrors } from '../../../lib/form-errors';
import { useSaveInvoice } from '../api/invoice-api';
import { checkDraft, draftOf, draftTotals, emptyLine, formPathOf, MAX_LINES, type InvoiceDraft } from '../utils/invoice-draft';
import type { Notify } from './dialog-notice';
import { InvoiceSums, rateText } from './invoice-sums';

/**
 * The lines and discount of an invoice nobody has paid yet, with its sums as they are typed, and
 * "Save" or "Send invoice" (which saves first). Materials lines are taxed at the rate in Settings.
 */
export function InvoiceEditor({ invoice, bookingId, notify }: { invoice: AdminInvoice; bookingId: number; notify: Notify }) {
  const form = useForm<InvoiceDraft>({ defaultValues: draftOf(invoice) });
  const { control, setError, formState } = form;
  const { bind } = useFormFields(form);
  const lines = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control }) as InvoiceDraft;
  const totals = draftTotals({ lines: watched.lines ?? [], discount: watched.discount ?? '' }, invoice.taxRateBps);
  const save = useSaveInvoice();
  const sent = invoice.status !== 'draft';
  const taxHint = invoice.taxRateBps ? `Taxed at ${rateText(invoice.taxRateBps)}; labour is not.` : 'No tax rate is set (Business, Invoices).';

  function submit(send: boolean) {
    return form.handleSubmit((draft) => {
      const checked = checkDraft(draft);
      if (!checked.ok) {
        for (const [path, message] of Object.entries(checked.errors)) setError(path as Path<InvoiceDraft>, { type: 'check', message });
        notify('Invoice Not Saved', Object.values(checked.errors)[0] ?? 'Check the invoice.', true);
        return;
      }
      save.mutateAsync({ bookingId, input: checked.input, send }).then(
        (result) => notify(send ? 'Invoice Sent' : 'Invoice Saved', result.message),
        (err) => {
            setServerErrors(err, setError, formPathOf);
            notify('Invoice Not Saved', errorMessage(err, 'The invoice could not be saved. Please try again.'), true);
          },
      );
    });
  }

  return (
    <form method="post" action="/admin" noValidate onSubmit={submit(true)} className="space-y-4" aria-label="Invoice lines">
      <ol className="space-y-3">
        {lines.fields.map((field, i) => (
          <li key={field.id}>
            <LineFieldset n={i + 1} onRemove={lines.fields.length > 1 ? () => lines.remove(i) : undefined}>
              <BoundInput {...bind(`lines.${i}.description`)} label="Description" maxLength={200} />
              <div className="grid grid-cols-2 gap-2">
                <BoundInput {...bind(`lines.${i}.quantity`)} label="Quantity" inputMode="numeric" />
                <BoundInput {...bind(`lines.${i}.unitPrice`)} label="Unit price ($)" inputMode="decimal" />
              </div>
              <BoundCheckbox {...bind(`lines.${i}.taxable`)} label="Materials (taxed)" hint={taxHint} />
            </LineFieldset>
          </li>
        ))}
      </ol>
      <IconButton Icon={Plus} onClick={() => lines.append(emptyLine())} disabled={lines.fields.length >= MAX_LINES}>
        Add a line
      </IconButton>
      <BoundInput {...bind('discount')} label="Discount ($)" inputMode="decimal" hint="Off the lines' subtotal; empty for none." />
      <InvoiceSums live sums={{ ...totals, taxRateBps: invoice.taxRateBps, depositCreditCents: invoice.depositCreditCents, paidCents: invoice.paidCents, tipCents: invoice.tipCents }} />
      {formState.errors.lines?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formState.errors.lines.message}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={save.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {save.isPending ? 'Saving...' : sent ? 'Save and send again' : 'Send invoice'}
        </button>
        <button type="button" className={`${outlineButtonClass} w-full sm:w-auto`} disabled={save.isPending} onClick={submit(false)}>
          <Save className="h-4 w-4" aria-hidden="true" />
          Save
        </button>
      </div>
    </form>
  );
}
