// The building blocks of the answer schemas (common/schemas/answers/): every answer object is strict
// (`z.strictObject`: a key the schema does not name fails a parse, and the reference says
// `additionalProperties: false`), so a field a presenter adds without its schema fails
// server/openapi/answers.test.ts.
import * as z from 'zod/mini';

/** True when A and B are each assignable to the other: the answer's type and the shape clients read agree. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** True when every A is a B: a body a client builds is one the request schema's input takes. */
export type Fits<A, B> = [A] extends [B] ? true : false;
/** A compile-time check with no code: `export type X = Holds<SameShape<A, B>>` fails the typecheck unless it is true. */
export type Holds<T extends true> = T;

export const id = z.number();
/** An instant (ISO 8601, UTC). */
export const instant = z.string();
/** A calendar day, YYYY-MM-DD. */
export const day = z.string();
/** `{ id, name }`: a record named in an answer. */
export const ref = z.strictObject({ id, name: z.string() });
