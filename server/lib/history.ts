import { type ExpressionBuilder, sql } from 'kysely';
import { today } from './dates';

/**
 * History rows (building history, caseloads) are inclusive date ranges: start_date … end_date, with
 * end_date null while open. A change effective on D closes the open row with end_date = D − 1 day and
 * opens a new row starting D. A row is current on `day` when start_date <= day and (end_date is null
 * or end_date >= day).
 */
export function currentOn(alias: string, day = today()) {
  // Untyped on purpose: it serves any table alias with start_date/end_date columns.
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      eb(sql.ref(`${alias}.start_date`), '<=', day),
      eb.or([eb(sql.ref(`${alias}.end_date`), 'is', null), eb(sql.ref(`${alias}.end_date`), '>=', day)]),
    ]);
}
