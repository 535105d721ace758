// The reports' answers: each lists its fields explicitly (the queries already build the contract's
// shapes from whitelisted columns; nothing here passes a row through whole). Shares and averages are
// rounded for reading: shares to 4 decimals (0..1), averages to 1 decimal.
import type { ReportRange } from '../../../common/schemas/reports';
import type { ReportContext } from './queries/filters';

export const presentRange = (ctx: ReportContext): ReportRange => ({ from: ctx.from, to: ctx.to, timezone: ctx.timezone });

export const share = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
export const oneDecimal = (value: number | null): number | null => (value === null || !Number.isFinite(value) ? null : Math.round(value * 10) / 10);
