import type { GroupAnswer } from '../../../common/schemas/answers/groups';
import type { GroupItem } from '../../../common/schemas/groups';
import type { GroupItemRow, GroupRow } from './queries';

function presentItem(item: GroupItemRow): GroupItem {
  const hasStaff = item.staff_first_name !== null || item.staff_last_name !== null;
  return {
    item_id: item.item_id,
    start_date: item.start_date,
    end_date: item.end_date ?? null,
    staff: hasStaff ? { id: item.item_id, name: `${item.staff_first_name ?? ''} ${item.staff_last_name ?? ''}`.trim() } : null,
  };
}

/** The Group answer of every group call: an explicit whitelist (no district_id). */
export function presentGroup(group: GroupRow, items: GroupItemRow[]): GroupAnswer {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    group_of: group.group_of,
    deleted_at: group.deleted_at,
    created_at: group.created_at,
    updated_at: group.updated_at,
    items: items.filter((i) => i.group_id === group.id).map(presentItem),
  };
}

export function presentGroups(groups: GroupRow[], items: GroupItemRow[]): GroupAnswer[] {
  const byGroup = new Map<number, GroupItemRow[]>();
  for (const item of items) {
    const list = byGroup.get(item.group_id) ?? [];
    list.push(item);
    byGroup.set(item.group_id, list);
  }
  return groups.map((g) => presentGroup(g, byGroup.get(g.id) ?? []));
}
