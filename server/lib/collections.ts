// Small collection helpers shared by the features.

/** Items grouped by their keys in one pass; an item with several keys is in each of their groups. */
export function groupBy<T, K>(items: Iterable<T>, keysOf: (item: T) => Iterable<K>): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    for (const key of keysOf(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}
