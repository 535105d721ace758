// The billing contact, billing address and tax-exempt certificate number (quotes and invoices print
// them in their bill-to block). Checked with the server's schema first; the server's 422s land on their fields.
import { billingContactSchema, type BillingSummary } from '../../../../common/schemas/billing';
import { Card } from '../../../components/Card';
import { Button } from '../../../components/Button';
import { FormError, TextAreaField, TextField } from '../../../components/Field';
import { useToast } from '../../../components/Toasts';
import { useFormErrors } from '../../../lib/forms';
import { defineMessages, t } from '../../../lib/i18n';
import { updateBillingContact } from '../api';

const m = defineMessages({
  saved: { id: 'billing.contact.saved', defaultMessage: 'The billing contact has been saved.' },
  title: { id: 'billing.contact.title', defaultMessage: 'Billing contact' },
  intro: {
    id: 'billing.contact.intro',
    defaultMessage: 'Who receives quotes and invoices, and what they print as the bill-to address. Seat warnings go to this contact and to your district administrators.',
  },
  impersonating: {
    id: 'billing.contact.impersonating',
    defaultMessage: 'While impersonating you cannot change the billing contact. Ask the district to change it.',
  },
  name: { id: 'billing.contact.name', defaultMessage: 'Billing contact name' },
  email: { id: 'billing.contact.email', defaultMessage: 'Billing contact email' },
  address: { id: 'billing.contact.address', defaultMessage: 'Billing address' },
  addressHint: { id: 'billing.contact.addressHint', defaultMessage: 'As it should appear on invoices, one line per row.' },
  taxExempt: { id: 'billing.contact.taxExempt', defaultMessage: 'Tax-exempt certificate number' },
  taxExemptHint: {
    id: 'billing.contact.taxExemptHint',
    defaultMessage: 'Printed on quotes and invoices; leave empty if your district pays sales tax.',
  },
  save: { id: 'billing.contact.save', defaultMessage: 'Save billing contact' },
});

type Contact = BillingSummary['contact'];

const valuesOf = (c: Contact) => ({
  billing_contact_name: c.billing_contact_name ?? '',
  billing_contact_email: c.billing_contact_email ?? '',
  billing_address: c.billing_address ?? '',
  tax_exempt_number: c.tax_exempt_number ?? '',
});

export function BillingContactForm({ contact, canManage: mayManage, impersonating = false }: { contact: Contact; canManage: boolean; impersonating?: boolean }) {
  const canManage = mayManage && !impersonating;
  const toast = useToast();
  const form = useFormErrors(valuesOf(contact));

  const submit = form.onSubmit(async () => {
    const data = form.check(billingContactSchema, form.values);
    if (!data) return;
    await form.run(async () => {
      const saved = await updateBillingContact(data);
      form.setValues(valuesOf(saved.contact));
      toast.success(t(m.saved));
    });
  });

  return (
    <Card
      titleId="billing-contact-title"
      title={t(m.title)}
      intro={t(m.intro)}
    >
      {mayManage && impersonating && (
        <p className="muted text-sm">{t(m.impersonating)}</p>
      )}
      <form ref={form.formRef} className="form billing-contact" noValidate onSubmit={submit}>
        <FormError error={form.formError} />
        <div className="grid-2">
          <TextField label={t(m.name)} autoComplete="name" maxLength={120} readOnly={!canManage} {...form.field('billing_contact_name')} />
          <TextField label={t(m.email)} type="email" inputMode="email" autoComplete="email" maxLength={254} readOnly={!canManage} {...form.field('billing_contact_email')} />
        </div>
        <TextAreaField label={t(m.address)} hint={t(m.addressHint)} rows={3} maxLength={500} autoComplete="street-address" readOnly={!canManage} {...form.field('billing_address')} />
        <TextField label={t(m.taxExempt)} hint={t(m.taxExemptHint)} maxLength={60} readOnly={!canManage} {...form.field('tax_exempt_number')} />
        {canManage && (
          <div className="form-actions">
            <Button type="submit" busy={form.busy}>{t(m.save)}</Button>
          </div>
        )}
      </form>
    </Card>
  );
}
