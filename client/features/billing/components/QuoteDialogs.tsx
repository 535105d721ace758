// The three actions on an open (draft or sent) quote, each a dialog: send it by email (the PDF goes
// attached), accept it with a PO number and the signer, or decline it with an optional reason. A 409
// (the quote expired or changed meanwhile) shows the server's message and refreshes the quote.
import {
  acceptQuoteSchema, declineQuoteSchema, type QuoteDetail, sendQuoteSchema,
} from '../../../../common/schemas/billing';
import { TextAreaField, TextField } from '../../../components/Field';
import { FormModal } from '../../../components/FormModal';
import { useToast } from '../../../components/Toasts';
import { ApiError } from '../../../lib/api';
import { useFormErrors } from '../../../lib/forms';
import { acceptQuote, declineQuote, revalidateQuote, sendQuote } from '../api';

export type QuoteAction = 'send' | 'accept' | 'decline';

function refreshOnConflict(quote: QuoteDetail) {
  return (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) void revalidateQuote(quote.id);
    throw err;
  };
}

export function SendQuoteDialog({ quote, defaultEmail, onClose }: { quote: QuoteDetail; defaultEmail: string; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ email: quote.sent_to ?? defaultEmail });
  const submit = form.onSubmit(async () => {
    const data = form.check(sendQuoteSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const sent = await sendQuote(quote.id, data).catch(refreshOnConflict(quote));
      toast.success(`Quote ${sent.number} has been sent to ${sent.sent_to ?? data.email}.`);
      onClose();
    });
  });
  return (
    <FormModal title={`Send quote ${quote.number}`} onClose={onClose} form={form} formId="quote-send-form" onSubmit={submit} submitLabel="Send quote">
      <p className="muted text-sm">The quote goes by email with its PDF attached, for your business office or purchasing.</p>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
    </FormModal>
  );
}

export function AcceptQuoteDialog({ quote, onClose }: { quote: QuoteDetail; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ po_number: '', signer_name: '', signer_title: '' });
  const submit = form.onSubmit(async () => {
    const data = form.check(acceptQuoteSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const accepted = await acceptQuote(quote.id, data).catch(refreshOnConflict(quote));
      toast.success(`Quote ${accepted.number} has been accepted.`);
      onClose();
    });
  });
  return (
    <FormModal title={`Accept quote ${quote.number}`} onClose={onClose} form={form} formId="quote-accept-form" onSubmit={submit} submitLabel="Accept quote">
      <p className="muted text-sm">
        Accepting tells Coachwell your district is buying this quote. We activate the plan and send the first invoice
        against your purchase order.
      </p>
      <TextField label="PO number" required maxLength={60} autoComplete="off" {...form.field('po_number')} />
      <div className="grid-2">
        <TextField label="Signer's name" required maxLength={120} autoComplete="name" {...form.field('signer_name')} />
        <TextField label="Signer's title" required maxLength={120} autoComplete="organization-title" {...form.field('signer_title')} />
      </div>
    </FormModal>
  );
}

export function DeclineQuoteDialog({ quote, onClose }: { quote: QuoteDetail; onClose: () => void }) {
  const toast = useToast();
  const form = useFormErrors({ reason: '' });
  const submit = form.onSubmit(async () => {
    const data = form.check(declineQuoteSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const declined = await declineQuote(quote.id, data).catch(refreshOnConflict(quote));
      toast.success(`Quote ${declined.number} has been declined.`);
      onClose();
    });
  });
  return (
    <FormModal title={`Decline quote ${quote.number}`} onClose={onClose} form={form} formId="quote-decline-form" onSubmit={submit} submitLabel="Decline quote" danger>
      <p className="muted text-sm">A declined quote can no longer be accepted. You can always create a new one.</p>
      <TextAreaField label="Reason" hint="Optional. Tell us what did not fit." rows={3} maxLength={500} {...form.field('reason')} />
    </FormModal>
  );
}
