// A small hand-built district for the dashboard pulse and the scheduled report emails (issue 11), read
// on "today" = 2026-11-18 in America/Chicago (tests fake Date at PULSE_NOW). Known answers in pulse.test.ts.
import type { DB } from '../../db/connection';
import { buildCoachAssignment, buildDistrict, buildSchoolsAndLogins, buildStaff, buildUser } from './factories';
import { insertCycle, stagesOfDistrict } from './cycles.fixture';
import { insertInteraction } from './interactions.fixture';

/** Noon in Chicago on Wednesday 18 November 2026. */
export const PULSE_NOW = new Date('2026-11-18T18:00:00.000Z');

export async function buildPulseWorld(db: DB) {
  const district = await buildDistrict(db, { name: 'Pulse District' });
  await db.updateTable('districts').set({
    timezone: 'America/Chicago', school_year_start_month: 8,
    settings: JSON.stringify({ coaching_targets: { interactions_per_educator_per_month: 2, cycles_per_new_teacher_per_semester: 1 } }),
  }).where('id', '=', district.id).execute();
  const { lincoln, oak, admin, principal, coach, coach2, teacher } = await buildSchoolsAndLogins(db, district.id, 'Tess Teacher');
  const staff = (firstName: string, buildingId: number, status: 'active' | 'inactive' = 'active') =>
    buildStaff(db, { districtId: district.id, buildingId, firstName, lastName: 'Test', status });
  const a1 = await staff('Ana', lincoln.id);
  const a2 = await staff('Ben', lincoln.id);
  const a3 = await staff('Cy', lincoln.id);
  const b1 = await staff('Dee', oak.id);
  const b2 = await staff('Eve', oak.id);
  const gone = await staff('Gus', lincoln.id, 'inactive');
  for (const s of [a1, a2, b1]) await buildCoachAssignment(db, { districtId: district.id, coachId: coach.id, staffId: s.id });
  await buildCoachAssignment(db, { districtId: district.id, coachId: coach2.id, staffId: b2.id });

  const type = await db.selectFrom('interaction_types').selectAll().where('district_id', '=', district.id).orderBy('id').executeTakeFirstOrThrow();
  const interaction = (coachId: number, buildingId: number, startsAt: string, minutes: number, staffIds: number[], extra: { status?: 'scheduled'; deletedAt?: string } = {}) =>
    insertInteraction(db, { districtId: district.id, typeId: type.id, coachId, buildingId, startsAt, minutes, staff: staffIds.map((id) => ({ id })), ...extra });
  await interaction(coach.id, lincoln.id, '2026-11-02T15:00:00.000Z', 60, [a1.id, a2.id]);
  await interaction(coach.id, lincoln.id, '2026-11-10T15:00:00.000Z', 30, [a1.id]);
  await interaction(coach2.id, oak.id, '2026-11-12T15:00:00.000Z', 45, [b2.id]);
  await interaction(coach2.id, lincoln.id, '2026-11-05T15:00:00.000Z', 20, [a3.id]);
  // 23:30 on 31 October in Chicago (04:30 UTC on 1 November): October's, not this month's.
  await interaction(coach.id, lincoln.id, '2026-11-01T04:30:00.000Z', 40, [a3.id, gone.id]);
  await interaction(coach.id, lincoln.id, '2026-11-15T15:00:00.000Z', 30, [a3.id], { status: 'scheduled' });
  await interaction(coach.id, lincoln.id, '2026-11-16T15:00:00.000Z', 30, [a3.id, b1.id], { deletedAt: '2026-11-17T00:00:00.000Z' });
  // Last school year (it began on 1 August).
  await interaction(coach2.id, oak.id, '2026-07-20T15:00:00.000Z', 30, [b1.id]);

  const stages = await stagesOfDistrict(db, district.id);
  const stage = stages[0]!;
  const late = stage.expected_days + 1;
  await insertCycle(db, { districtId: district.id, coachId: coach.id, staffIds: [a1.id], stageId: stage.id, enteredDaysAgo: late, title: 'Overdue, Lincoln' });
  await insertCycle(db, { districtId: district.id, coachId: coach2.id, staffIds: [b2.id], stageId: stage.id, enteredDaysAgo: late, status: 'planned', title: 'Overdue, Oak' });
  await insertCycle(db, { districtId: district.id, coachId: coach2.id, staffIds: [b2.id], stageId: stage.id, enteredDaysAgo: 0, title: 'On track' });
  await insertCycle(db, { districtId: district.id, coachId: coach.id, staffIds: [a2.id], stageId: stage.id, enteredDaysAgo: late, status: 'completed', title: 'Done' });
  await insertCycle(db, { districtId: district.id, coachId: coach.id, staffIds: [a2.id], stageId: stage.id, enteredDaysAgo: late, deletedAt: '2026-11-01T00:00:00.000Z', title: 'Deleted' });

  const other = await buildDistrict(db, { name: 'Other District' });
  const otherAdmin = await buildUser(db, { role: 'district-admin', districtId: other.id });
  const otherType = await db.selectFrom('interaction_types').selectAll().where('district_id', '=', other.id).orderBy('id').executeTakeFirstOrThrow();
  const stranger = await buildStaff(db, { districtId: other.id });
  await insertInteraction(db, { districtId: other.id, typeId: otherType.id, coachId: otherAdmin.id, startsAt: '2026-11-03T15:00:00.000Z', staff: [{ id: stranger.id }] });

  return { district, lincoln, oak, admin, principal, coach, coach2, teacher, a1, a2, a3, b1, b2, gone, type, other, otherAdmin };
}
export type PulseWorld = Awaited<ReturnType<typeof buildPulseWorld>>;
