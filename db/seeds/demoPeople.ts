// Demo people for a demo district: educators across its schools with building history (60 for Maple
// Grove), the coaches' caseloads — each coach supports only educators at the coach's own schools (issue
// 26) — and, for Maple Grove, 4 staff groups (one deactivated) and a few pending school staff requests.
import type { DB } from '../connection';
import { nowIso } from '../connection';

export const STAFF_GROUP_OF = 'App\\Models\\Staff';

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isabella', 'Lucas', 'Mia', 'Levi', 'Amelia', 'Asher', 'Harper', 'James', 'Evelyn', 'Leo', 'Abigail', 'Ezra', 'Emily', 'Luca', 'Ella', 'Aiden', 'Camila', 'Hudson', 'Aaliyah', 'Grayson', 'Nora', 'Jack', 'Zoe', 'Kai', 'Priya', 'Malik', 'Grace', 'Diego', 'Hannah', 'Andre', 'Chloe', 'Samuel', 'Lucia', 'Marcus', 'Naomi', 'Owen', 'Keisha', 'Daniel', 'Mei', 'Isaac', 'Fatima', 'Caleb', 'Rosa', 'Julian', 'Aisha', 'Wyatt', 'Lila', 'Henry', 'Yuki', 'Gabriel', 'Maria'];
const LAST = ['Johnson', 'Nguyen', 'Garcia', 'Patel', 'Williams', 'Okafor', 'Brown', 'Martinez', 'Kowalski', 'Davis', 'Lopez', 'Schmidt', 'Wilson', 'Anderson', 'Thomas', 'Hernandez', 'Moore', 'Jackson', 'Kim', 'Lee', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Chen', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris'];

type Band = '9-12' | '6-8' | 'K-5';
const SUBJECTS_BY_BAND: Record<Band, string[]> = {
  '9-12': ['English Language Arts', 'Mathematics', 'Science', 'Social Studies', 'World Languages', 'Career and Technical Education', 'Fine Arts', 'Physical Education'],
  '6-8': ['English Language Arts', 'Mathematics', 'Science', 'Social Studies', 'Fine Arts', 'Physical Education'],
  'K-5': ['Elementary (all subjects)'],
};
const GRADES_BY_BAND: Record<Band, string[][]> = {
  '9-12': [['9', '10'], ['11', '12'], ['9', '10', '11', '12'], ['10'], ['12']],
  '6-8': [['6'], ['7'], ['8'], ['6', '7', '8']],
  'K-5': [['K'], ['1'], ['2'], ['3'], ['4'], ['5'], ['PK']],
};

export interface DemoPeopleRefs {
  districtId: number;
  buildings: { id: number; grade_band: string }[];
  coachIds: number[];
  principalId: number;
  teacherUser: { id: number; email: string; first: string; last: string };
  /** Defaults: Maple Grove's 60 educators, @maplegrove.example, employee ids MG…, its groups and staff requests. */
  count?: number;
  domain?: string;
  employeePrefix?: string;
  /** Shifts the generated names, so another district's educators are other people. */
  nameOffset?: number;
  groupsAndRequests?: boolean;
}

/** Deterministic: the same demo every time, so screenshots and tests can rely on it. */
export async function seedDemoPeople(db: DB, refs: DemoPeopleRefs): Promise<void> {
  const now = nowIso();
  const { districtId } = refs;
  const count = refs.count ?? 60;
  const domain = refs.domain ?? 'maplegrove.example';
  const offset = refs.nameOffset ?? 0;
  const staffIds: number[] = [];
  const staffBuilding: number[] = [];
  for (let i = 0; i < count; i++) {
    const building = refs.buildings[i % refs.buildings.length]!;
    const band = building.grade_band as Band;
    const isTeacherUser = i === 1; // the demo educator login (Jordan Ellis teaches at Lincoln Middle)
    const first = isTeacherUser ? refs.teacherUser.first : FIRST[(i + offset) % FIRST.length]!;
    const last = isTeacherUser ? refs.teacherUser.last : LAST[((i + offset) * 7) % LAST.length]!;
    const special = i % 13 === 5;
    const position = special ? 'Special Education Teacher' : i % 17 === 3 ? 'Interventionist' : i % 19 === 7 ? 'English Learner Teacher' : 'Classroom Teacher';
    const subjects = special ? ['Special Education'] : position === 'English Learner Teacher' ? ['English Learners'] : [SUBJECTS_BY_BAND[band][i % SUBJECTS_BY_BAND[band].length]!];
    const grades = GRADES_BY_BAND[band][i % GRADES_BY_BAND[band].length]!;
    // Every tenth educator joined this school year: the district's new teachers (coaching targets count them).
    const today = new Date();
    const thisSchoolYear = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
    const hireYear = i % 10 === 3 ? thisSchoolYear : 2008 + ((i * 5) % 17);
    const row = await db.insertInto('staff').values({
      district_id: districtId,
      first_name: first,
      last_name: last,
      email: isTeacherUser ? refs.teacherUser.email : `${first}.${last}${i}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + `@${domain}`,
      employee_id: `${refs.employeePrefix ?? 'MG'}${String(10400 + i * 3)}`,
      position,
      grade_levels: JSON.stringify(grades),
      subjects: JSON.stringify(subjects),
      hire_date: `${hireYear}-08-${String(10 + (i % 15)).padStart(2, '0')}`,
      status: i >= count - 2 ? 'inactive' : 'active',
      user_id: isTeacherUser ? refs.teacherUser.id : null,
      created_at: now,
      updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    staffIds.push(row.id);
    staffBuilding.push(building.id);
    // Every fifth educator moved schools: a closed history row at another school first.
    if (i % 5 === 2) {
      const previous = refs.buildings[(i + 1) % refs.buildings.length]!;
      await db.insertInto('staff_buildings').values({
        district_id: districtId, staff_id: row.id, building_id: previous.id, start_date: `${hireYear}-08-15`, end_date: '2024-06-14', created_at: now,
      }).execute();
      await db.insertInto('staff_buildings').values({
        district_id: districtId, staff_id: row.id, building_id: building.id, start_date: '2024-08-12', end_date: null, created_at: now,
      }).execute();
    } else {
      await db.insertInto('staff_buildings').values({
        district_id: districtId, staff_id: row.id, building_id: building.id, start_date: `${hireYear}-08-15`,
        end_date: i >= count - 2 ? '2025-06-13' : null, created_at: now,
      }).execute();
    }
  }

  // Caseloads: each coach supports educators at the coach's own schools (a school with two coaches
  // shares its educators between them); about a quarter of each school's educators have no coach yet;
  // one past assignment kept as history.
  const coachSchools = await db.selectFrom('user_buildings').select(['user_id', 'building_id'])
    .where('user_id', 'in', refs.coachIds).execute();
  const coachesAt = (buildingId: number) => refs.coachIds.filter((c) => coachSchools.some((s) => s.user_id === c && s.building_id === buildingId));
  const schools = refs.buildings.length;
  for (let i = 0; i < count - 2; i++) {
    if (Math.floor(i / schools) % 4 === 3) continue;
    const candidates = coachesAt(staffBuilding[i]!);
    if (!candidates.length) continue;
    const coachId = candidates[Math.floor(i / schools) % candidates.length]!;
    await db.insertInto('coach_assignments').values({
      district_id: districtId, coach_id: coachId, staff_id: staffIds[i]!, start_date: '2025-08-18', end_date: null, created_at: now, updated_at: now,
    }).execute();
  }
  // Last school year another coach of the educator's school supported them.
  const pastCandidates = coachesAt(staffBuilding[2]!);
  if (pastCandidates.length) {
    await db.insertInto('coach_assignments').values({
      district_id: districtId, coach_id: pastCandidates.at(-1)!, staff_id: staffIds[2]!, start_date: '2024-09-03', end_date: '2025-06-13', created_at: now, updated_at: now,
    }).execute();
  }
  if (refs.groupsAndRequests === false) return;

  const groups: { name: string; description: string; members: number[]; deleted?: boolean }[] = [
    { name: 'New Teacher Induction 2026–27', description: 'First- and second-year teachers in the induction program.', members: [3, 8, 13, 21, 27, 34, 40] },
    { name: 'Middle School Math PLC', description: 'Grades 6–8 math teachers meeting every other Wednesday.', members: [1, 5, 9, 17, 25, 33] },
    { name: 'Literacy Leadership Team', description: 'Reading specialists and ELA leads across the district.', members: [0, 4, 10, 14, 22, 30, 42] },
    { name: 'Blended Learning Pilot 2024', description: 'Finished pilot, kept for its history.', members: [6, 11, 16], deleted: true },
  ];
  for (const g of groups) {
    const row = await db.insertInto('groups').values({
      district_id: districtId, name: g.name, description: g.description, group_of: STAFF_GROUP_OF, created_at: now, updated_at: now,
      deleted_at: g.deleted ? '2025-06-20T17:00:00.000Z' : null,
    }).returning('id').executeTakeFirstOrThrow();
    for (const [k, member] of g.members.entries()) {
      await db.insertInto('group_items').values({
        // Dates are local midnight in the district's timezone (America/Chicago), stored in UTC.
        group_id: row.id, item_id: staffIds[member]!,
        start_date: g.deleted ? '2024-08-19T05:00:00.000Z' : '2025-08-18T05:00:00.000Z',
        end_date: k === 0 && g.deleted ? '2025-06-13T05:00:00.000Z' : null,
      }).execute();
    }
  }

  // Pending requests from the principal to bring educators from other schools into Lincoln Middle.
  const lincoln = refs.buildings[1]!.id;
  const pending = staffIds.map((id, i) => ({ id, b: staffBuilding[i]! })).filter((s) => s.b !== lincoln).slice(0, 3);
  for (const [k, s] of pending.entries()) {
    await db.insertInto('building_history_requests').values({
      district_id: districtId, staff_id: s.id, building_id: lincoln, start_date: `2027-01-${String(5 + k).padStart(2, '0')}`,
      note: ['Covering a long-term math vacancy for second semester.', 'Co-teaching the 7th grade inclusion block.', 'Moving to lead the new STEM elective.'][k]!,
      status: 'pending', requested_by: refs.principalId, created_at: now, updated_at: now,
    }).execute();
  }
}
