// The audit actions' labels as messages (issue 33): one for every action of common/auditActions.ts, with its English
// exactly; the Spanish catalogue shows them, and the filter sorts them in the reader's language.
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../common/auditActions';
import es from '../../i18n/es';
import { setLocale } from '../../lib/i18n';
import { ACTION_LABELS, actionLabel, actionOptions } from './auditLabels';

afterEach(() => setLocale('en'));

describe('audit action labels', () => {
  it('has a message for every action, with the English of AUDIT_ACTIONS', () => {
    expect(Object.keys(ACTION_LABELS).sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
    const differing = Object.entries(AUDIT_ACTIONS).filter(([action, text]) => ACTION_LABELS[action]!.defaultMessage !== text.label);
    expect(differing.map(([action]) => action)).toEqual([]);
  });

  it('shows English by default and Spanish for a Spanish reader; an unknown action as words from its key', () => {
    expect(actionLabel('login')).toBe('Signed in');
    expect(actionLabel('some_new_thing')).toBe('Some new thing');
    setLocale('es', es);
    expect(actionLabel('login')).toBe('Inicio de sesión');
    expect(actionLabel('invoice_paid')).toBe('Factura marcada como pagada');
    const labels = actionOptions().map((o) => o.label);
    expect(labels).toHaveLength(Object.keys(AUDIT_ACTIONS).length);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(labels).toContain('Aviso creado');
  });
});
