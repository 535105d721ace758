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
import { defineMessages, t } from '../../../lib/i18n';
import { acceptQuote, declineQuote, revalidateQuote, sendQuote } from '../api';

const m = defineMessages({
  sent: { id: 'billing.quoteDialogs.sent', defaultMessage: 'Quote {number} has been sent to {email}.' },
  sendTitle: { id: 'billing.quoteDialogs.sendTitle', defaultMessage: 'Send quote {number}' },
  sendSubmit: { id: 'billing.quoteDialogs.sendSubmit', defaultMessage: 'Send quote' },
  sendText: {
    id: 'billing.quoteDialogs.sendText',
    defaultMessage: 'The quote goes by email with its PDF attached, for your business office or purchasing.',
  },
  email: { id: 'billing.quoteDialogs.email', defaultMessage: 'Email' },
  accepted: { id: 'billing.quoteDialogs.accepted', defaultMessage: 'Quote {number} has been accepted.' },
  acceptTitle: { id: 'billing.quoteDialogs.acceptTitle', defaultMessage: 'Accept quote {number}' },
  acceptSubmit: { id: 'billing.quoteDialogs.acceptSubmit', defaultMessage: 'Accept quote' },
  acceptText: {
    id: 'billing.quoteDialogs.acceptText',
    defaultMessage: 'Accepting tells Coachwell your district is buying this quote. We activate the plan and send the first invoice against your purchase order.',
  },
  poNumber: { id: 'billing.quoteDialogs.poNumber', defaultMessage: 'PO number' },
  signerName: { id: 'billing.quoteDialogs.signerName', defaultMessage: "Signer's name" },
  signerTitle: { id: 'billing.quoteDialogs.signerTitle', defaultMessage: "Signer's title" },
  declined: { id: 'billing.quoteDialogs.declined', defaultMessage: 'Quote {number} has been declined.' },
  declineTitle: { id: 'billing.quoteDialogs.declineTitle', defaultMessage: 'Decline quote {number}' },
  declineSubmit: { id: 'billing.quoteDialogs.declineSubmit', defaultMessage: 'Decline quote' },
  declineText: {
    id: 'billing.quoteDialogs.declineText',
    defaultMessage: 'A declined quote can no longer be accepted. You can always create a new one.',
  },
  reason: { id: 'billing.quoteDialogs.reason', defaultMessage: 'Reason' },
  reasonHint: { id: 'billing.quoteDialogs.reasonHint', defaultMessage: 'Optional. Tell us what did not fit.' },
});

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
      toast.success(t(m.sent, { number: sent.number, email: sent.sent_to ?? data.email }));
      onClose();
    });
  });
  return (
    <FormModal title={t(m.sendTitle, { number: quote.number })} onClose={onClose} form={form} formId="quote-send-form" onSubmit={submit} submitLabel={t(m.sendSubmit)}>
      <p className="muted text-sm">{t(m.sendText)}</p>
      <TextField label={t(m.email)} type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
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
      toast.success(t(m.accepted, { number: accepted.number }));
      onClose();
    });
  });
  return (
    <FormModal title={t(m.acceptTitle, { number: quote.number })} onClose={onClose} form={form} formId="quote-accept-form" onSubmit={submit} submitLabel={t(m.acceptSubmit)}>
      <p className="muted text-sm">{t(m.acceptText)}</p>
      <TextField label={t(m.poNumber)} required maxLength={60} autoComplete="off" {...form.field('po_number')} />
      <div className="grid-2">
        <TextField label={t(m.signerName)} required maxLength={120} autoComplete="name" {...form.field('signer_name')} />
        <TextField label={t(m.signerTitle)} required maxLength={120} autoComplete="organization-title" {...form.field('signer_title')} />
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
      toast.success(t(m.declined, { number: declined.number }));
      onClose();
    });
  });
  return (
    <FormModal title={t(m.declineTitle, { number: quote.number })} onClose={onClose} form={form} formId="quote-decline-form" onSubmit={submit} submitLabel={t(m.declineSubmit)} danger>
      <p className="muted text-sm">{t(m.declineText)}</p>
      <TextAreaField label={t(m.reason)} hint={t(m.reasonHint)} rows={3} maxLength={500} {...form.field('reason')} />
    </FormModal>
  );
}
