// The audit actions' labels in the reader's language (issue 33): one home for their Spanish, keyed by the English label
// of common/auditActions.ts (common/i18n/es/auditActions.json); the filter sorts them in the reader's language.
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../common/auditActions';
import auditActionsEs from '../../../common/i18n/es/auditActions.json';
import es from '../../i18n/es';
import { setLocale } from '../../lib/i18n';
import { actionLabel, actionOptions } from './auditLabels';

afterEach(() => setLocale('en'));

describe('audit action labels', () => {
  it('have their Spanish, one per English label of AUDIT_ACTIONS, and no other', () => {
    const labels = [...new Set(Object.values(AUDIT_ACTIONS).map((a) => a.label))].sort();
    expect(Object.keys(auditActionsEs).sort()).toEqual(labels);
  });

  it('shows English by default and Spanish for a Spanish reader; an unknown action as words from its key', () => {
    expect(actionLabel('login')).toBe('Signed in');
    expect(actionLabel('invoice_paid')).toBe('Invoice marked paid');
    expect(actionLabel('some_new_thing')).toBe('Some new thing');
    expect(actionOptions().map((o) => o.label)).toEqual(Object.values(AUDIT_ACTIONS).map((a) => a.label).sort((a, b) => a.localeCompare(b)));
    setLocale('es', es);
    expect(actionLabel('login')).toBe('Inicio de sesión');
    expect(actionLabel('invoice_paid')).toBe('Factura marcada como pagada');
    expect(actionLabel('some_new_thing')).toBe('Some new thing');
    const labels = actionOptions().map((o) => o.label);
    expect(labels).toHaveLength(Object.keys(AUDIT_ACTIONS).length);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('es-US').compare));
    expect(labels).toContain('Aviso creado');
    expect(labels.filter((label) => Object.values(AUDIT_ACTIONS).some((a) => a.label === label))).toEqual([]);
  });
});
