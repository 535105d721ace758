// Spanish wording that English hides (issue 33): a cycle's status agrees with "el ciclo", counts agree with their
// number, and the shared list and error components show each screen's whole sentences rather than fragments.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { messageFormat } from '../../common/i18n/messages';
import type { CycleSummary } from '../../common/schemas/cycles';
import es from '../i18n/es';
import { defineMessages, setLocale } from '../lib/i18n';
import { cycleStatusLabel, CycleItem, StatusBadge } from './CycleBadges';
import { ListResults, type PagedList } from './ListResults';
import { LoadError } from './LoadError';
import { InvoiceStatusBadge, QuoteStatusBadge } from './adminBilling/BillingBadges';

afterEach(() => setLocale('en'));

const text = (element: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

/** A catalogue message by id in Spanish (the screens' messages are private to their modules). */
const spanish = (id: string, values: Record<string, string | number>) => String(messageFormat('es', es.messages, { id, defaultMessage: `missing ${id}` }).format(values));

describe('cycle statuses', () => {
  it('read as in English, and in Spanish agree with "el ciclo" (Planificado, Completado), never the generic feminine words', () => {
    expect(['planned', 'active', 'completed', 'cancelled'].map((s) => cycleStatusLabel(s as CycleSummary['status']))).toEqual(['Planned', 'Active', 'Completed', 'Cancelled']);
    setLocale('es', es);
    expect(['planned', 'active', 'completed', 'cancelled'].map((s) => cycleStatusLabel(s as CycleSummary['status']))).toEqual(['Planificado', 'Activo', 'Completado', 'Cancelado']);
    expect(text(<StatusBadge cycle={{ status: 'completed', outcome: null }} />)).toBe('Completado');
    expect(text(<StatusBadge cycle={{ status: 'cancelled', outcome: null }} />)).toBe('Cancelado');
    expect(text(<StatusBadge cycle={{ status: 'planned', outcome: null }} />)).toBe('Planificado');
    expect(text(<StatusBadge cycle={{ status: 'completed', outcome: 'met' }} />)).toBe('Meta alcanzada');
  });

  it('show in a compact cycle item (an educator\'s page, a coach\'s page, a report\'s drill-down) in Spanish', () => {
    setLocale('es', es);
    const cycle = {
      id: 7, title: 'Preguntas de alto nivel', status: 'planned', outcome: null, due: null, stage_due_on: null, stage: null,
      start_date: '2026-09-14', coach: { id: 2, name: 'Dana Ruiz' }, educators: [{ id: 3, name: 'Lucas Williams' }],
    } as unknown as CycleSummary;
    const shown = text(<CycleItem cycle={cycle} href={null} show="coach" />);
    expect(shown).toContain('Coach: Dana Ruiz');
    expect(shown).toContain('Planificado');
    expect(shown).not.toMatch(/Planned|Planificada/);
  });
});

describe('counts in Spanish agree with their number', () => {
  it('on the dashboard: "1 atrasado", "2 atrasados", "1 vence pronto"', () => {
    expect(spanish('dashboard.follow.overdueCount', { count: 1 })).toBe('1 atrasado');
    expect(spanish('dashboard.follow.overdueCount', { count: 2 })).toBe('2 atrasados');
    expect(spanish('dashboard.home.overdueCount', { count: 1 })).toBe('1 atrasado');
    expect(spanish('dashboard.home.dueSoonCount', { count: 1 })).toBe('1 vence pronto');
    expect(spanish('dashboard.home.dueSoonCount', { count: 3 })).toBe('3 vencen pronto');
    expect(spanish('dashboard.home.openCount', { count: 1 })).toBe('1 abierto');
    expect(spanish('dashboard.home.doneCount', { count: 1200 })).toBe('1,200 hechos este año');
    expect(spanish('dashboard.home.doneCount', { count: 1 })).toBe('1 hecho este año');
  });

  it('in the reports and lists, including counts passed already formatted', () => {
    expect(spanish('reports.cycles.detailOverdue', { detail: 'x', overdue: '1' })).toBe('x · 1 atrasado');
    expect(spanish('reports.cycles.detailOverdue', { detail: 'x', overdue: '12' })).toBe('x · 12 atrasados');
    expect(spanish('reports.cycles.detailNone', { expected: '1' })).toBe('todavía sin promedio de días, 1 previsto');
    expect(spanish('reports.cycles.completionSub', { completed: '1', cycles: 4 })).toBe('1 completado de 4 ciclos en el período');
    expect(spanish('reports.follow.requestsSub', { accepted: '1', waiting: '2' })).toBe('1 aceptada, 2 en espera');
    expect(spanish('reports.follow.requestsSub', { accepted: '1,204', waiting: '0' })).toBe('1,204 aceptadas, 0 en espera');
    expect(spanish('reports.compare.points', { value: 1 })).toBe('1 punto');
    expect(spanish('reports.team.timeSummary', { total: '1', label: 'Modelado', hours: '0.5', share: '50%' })).toBe('1 hora en total; la mayor proporción es Modelado, 0.5 horas (50%).');
    expect(spanish('actionSteps.latestShown', { shown: 20, done: 1 })).toBe('Se muestran los 20 más recientes (1 hecho).');
    expect(spanish('coaching.map.allFiltered', { count: '1' })).toBe('1 filtrado');
    expect(spanish('coaching.map.allFiltered', { count: '…' })).toBe('Los … filtrados');
  });
});

const m = defineMessages({
  count: { id: 'adminDistricts.list.listCount', defaultMessage: '{filtered, select, yes {{count, plural, one {# district matches your filters} other {# districts match your filters}}} other {{count, plural, one {# district} other {# districts}}}}' },
  loading: { id: 'adminDistricts.list.listLoading', defaultMessage: 'Loading districts…' },
  loadError: { id: 'adminDistricts.list.listLoadError', defaultMessage: 'An error occurred while fetching districts. Please try again later.' },
});

describe('ListResults and LoadError show the screen\'s whole sentences', () => {
  const page = (total: number): PagedList<number> => ({ data: [1], meta: { page: 1, last_page: 1, total } });
  const results = (list: Parameters<typeof ListResults<number>>[0]['list'], filtered: boolean) => text(
    <ListResults list={list} messages={m} filtered={filtered} empty={<p>none</p>} onPage={() => {}}>{() => <p>rows</p>}</ListResults>,
  );
  const ok = (total: number) => ({ data: page(total), isLoading: false, mutate: () => {} });

  it('count the rows in English exactly as before', () => {
    expect(results(ok(1), false)).toMatch(/^1 district rows/);
    expect(results(ok(1200), false)).toMatch(/^1,200 districts rows/);
    expect(results(ok(1), true)).toMatch(/^1 district matches your filters/);
    expect(results(ok(58), true)).toMatch(/^58 districts match your filters/);
    expect(results({ isLoading: true, mutate: () => {} }, false)).toContain('Loading districts…');
    expect(results({ error: { status: 500, message: 'x' } as never, isLoading: false, mutate: () => {} }, false))
      .toContain('Uh-oh. An error occurred while fetching districts. Please try again later. Try again');
  });

  it('in Spanish, with the verb and the article of the screen\'s own sentence', () => {
    setLocale('es', es);
    expect(results(ok(1), true)).toMatch(/^1 distrito coincide con sus filtros/);
    expect(results(ok(1200), true)).toMatch(/^1,200 distritos coinciden con sus filtros/);
    expect(results(ok(2), false)).toMatch(/^2 distritos rows/);
    expect(results({ isLoading: true, mutate: () => {} }, false)).toContain('Cargando los distritos…');
    expect(results({ error: { status: 500, message: 'x' } as never, isLoading: false, mutate: () => {} }, false))
      .toContain('¡Uy! Ocurrió un error al obtener los distritos. Vuelva a intentarlo más tarde. Reintentar');
    // A list the server refuses (422) shows the server's message, already in the reader's language.
    expect(results({ error: { status: 422, message: 'La página no es válida.' } as never, isLoading: false, mutate: () => {} }, false))
      .toContain('La página no es válida.');
    expect(text(<LoadError message="Ocurrió un error al obtener las escuelas. Vuelva a intentarlo más tarde." onRetry={() => {}} />))
      .toContain('¡Uy! Ocurrió un error al obtener las escuelas. Vuelva a intentarlo más tarde. Reintentar');
  });
});

describe('quote and invoice badges (one home for the Billing screens and the admin\'s)', () => {
  it('show the status word with its tone, and the Billing screens\' class', () => {
    expect(renderToStaticMarkup(<QuoteStatusBadge status="accepted" className="billing-status" />)).toBe('<span class="badge badge--success billing-status">Accepted</span>');
    expect(renderToStaticMarkup(<QuoteStatusBadge status="accepted" activated />)).toBe('<span class="badge badge--primary">Activated</span>');
    setLocale('es', es);
    expect(renderToStaticMarkup(<InvoiceStatusBadge status="overdue" className="billing-status" />)).toBe('<span class="badge badge--danger billing-status">Atrasada</span>');
    expect(renderToStaticMarkup(<QuoteStatusBadge status="declined" />)).toBe('<span class="badge badge--danger">Rechazada</span>');
  });
});
