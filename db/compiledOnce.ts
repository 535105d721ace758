import type { CompiledQuery, Kysely } from 'kysely';

type Compilable<R> = { compile(): CompiledQuery<R> };

/**
 * A query compiled once per database and run many times with new arguments. Kysely's builder and
 * compiler cost more than running a small indexed query, which matters only on the path every request
 * takes (loading the signed-in user). `build` is called once with placeholder arguments; every argument
 * must reach the SQL as a bound parameter, unchanged and in any position (an argument transformed in
 * JavaScript would be baked into the cached SQL, so the first run checks that each one was found).
 */
export function compiledOnce<A extends (string | number)[], R>(
  build: (db: Kysely<any>, ...args: A) => Compilable<R>,
): (db: Kysely<any>, ...args: A) => Promise<R[]> {
  const cache = new WeakMap<Kysely<any>, { compiled: CompiledQuery<R>; slots: (number | null)[] }>();
  return async (db, ...args) => {
    let entry = cache.get(db);
    if (!entry) {
      const placeholders = args.map((_, i) => `\u0000compiledOnce:${i}`) as A;
      const compiled = build(db, ...placeholders).compile();
      const slots = compiled.parameters.map((p) => {
        const i = placeholders.indexOf(p as string);
        return i === -1 ? null : i;
      });
      placeholders.forEach((_, i) => {
        if (!slots.includes(i)) throw new Error(`compiledOnce: argument ${i} does not reach the query as a parameter.`);
      });
      entry = { compiled, slots };
      cache.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === null ? compiled.parameters[i] : args[slot]));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
