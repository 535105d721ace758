// The Spanish demo district (issue 33): Valle del Sol, a small Texas district whose language is Spanish, so its
// interaction types, skill framework, cycle stages and observation forms were copied in Spanish when it was created
// (server/identity/defaultsSpanish.ts) and its people, whose accounts have no language of their own, read Spanish.
// Kept small on purpose (the first `npm start` and every browser test seed the demo): one elementary school, one
// coach with six educators, about two school weeks of interactions with Spanish notes, two goal templates, one
// coaching cycle and a few skill ratings. Coherent as the other demo districts are (issue 26): school days only, school hours, the
// coach's own school, logged no later than the seeding instant.
import type { Insertable } from 'kysely';
import type { DB } from '../connection';
import { nowIso } from '../connection';
import type { Database as Tables } from '../types';
import { isSchoolDay, localDay, plusDays, schoolDayBefore, zonedInstant } from './demoCalendar';
import { insertRows, insertRowsReturningIds } from './demoInsert';
import { random } from './demoRandom';

export const VALLE_DEL_SOL = {
  name: 'Distrito Escolar Independiente Valle del Sol', state: 'TX', timezone: 'America/Chicago', domain: 'valledelsol.example',
} as const;

export const VALLE_DEL_SOL_BUILDING = { name: 'Escuela Primaria Las Palmas', code: 'EPLP', grade_band: 'K-5' } as const;

/** The district's educators; the first is the educator login (teacher@valledelsol.example). */
const EDUCATORS: { first: string; last: string; position: string; grades: string[] }[] = [
  { first: 'Sofía', last: 'Garza', position: 'Classroom Teacher', grades: ['2'] },
  { first: 'Alejandro', last: 'Treviño', position: 'Classroom Teacher', grades: ['K'] },
  { first: 'Valeria', last: 'Cantú', position: 'English Learner Teacher', grades: ['1', '2'] },
  { first: 'Diego', last: 'Villarreal', position: 'Classroom Teacher', grades: ['4'] },
  { first: 'Mariana', last: 'Salazar', position: 'Classroom Teacher', grades: ['3'] },
  { first: 'Ricardo', last: 'Ochoa', position: 'Special Education Teacher', grades: ['3', '4', '5'] },
];

/** The district's interaction types by their Spanish names (as defaultsSpanish.ts names the provider's), weighted. */
const TYPES: { name: string; weight: number }[] = [
  { name: 'Observación de aula', weight: 3 },
  { name: 'Conversación de retroalimentación', weight: 3 },
  { name: 'Planificación conjunta', weight: 2 },
  { name: 'Modelaje de una clase', weight: 1 },
  { name: 'Coenseñanza', weight: 1 },
  { name: 'Seguimiento breve', weight: 2 },
];

const NOTES: Record<string, string[]> = {
  'Observación de aula': [
    'Observé la lectura guiada en grupos pequeños. Los estudiantes usaron los marcos de oración para justificar sus respuestas.',
    'Clase de matemáticas sobre fracciones: la mayoría trabajó con las tiras de fracciones; tres estudiantes necesitaron apoyo adicional.',
    'Buena transición entre centros (menos de dos minutos). Las preguntas abiertas generaron respuestas más largas que la semana pasada.',
  ],
  'Conversación de retroalimentación': [
    'Revisamos la evidencia de la observación del martes. Acordamos aumentar el tiempo de espera después de cada pregunta.',
    'Conversamos sobre cómo agrupar a los estudiantes a partir de los boletos de salida. La maestra propuso tres grupos flexibles.',
    'Reflexionamos sobre el uso del español y el inglés en la clase de ciencias; probaremos un glosario bilingüe en la pared.',
  ],
  'Planificación conjunta': [
    'Planificamos la unidad de escritura narrativa: metas de aprendizaje claras y una rúbrica sencilla para los estudiantes.',
    'Diseñamos juntos las preguntas para la lectura en voz alta de la próxima semana.',
  ],
  'Modelaje de una clase': [
    'Modelé una rutina de "pensar, emparejar, compartir" con el grupo de tercero; la maestra tomó notas para repetirla mañana.',
  ],
  'Coenseñanza': [
    'Co-enseñamos la clase de matemáticas: yo dirigí el grupo de refuerzo mientras la maestra guiaba la práctica independiente.',
  ],
  'Seguimiento breve': [
    'Seguimiento rápido: la rutina de entrada ya funciona sin recordatorios.',
    'Breve conversación en el pasillo; pidió ejemplos de boletos de salida para lectura.',
  ],
};

const NEXT_STEPS = [
  'Probar el tiempo de espera de cinco segundos en dos clases y anotar cuántos estudiantes responden.',
  'Preparar boletos de salida para el jueves y traerlos a la próxima conversación.',
  'Observaré de nuevo la próxima semana, enfocándome en el diálogo entre estudiantes.',
];

const PRIVATE_NOTES = ['Parece cansada esta semana; ofrecer apoyo con la planificación antes de la visita de la directora.'];

export interface DemoSpanishRefs {
  districtId: number;
  buildingId: number;
  coachId: number;
  teacherUser: { id: number; email: string };
  today: Date;
}

/** Seeds Valle del Sol's people, a fortnight of coaching, a cycle and a few ratings (the district exists, in Spanish). */
export async function seedDemoSpanish(db: DB, refs: DemoSpanishRefs): Promise<void> {
  const { districtId, buildingId, coachId, today } = refs;
  const { timezone } = VALLE_DEL_SOL;
  const rand = random(33_2027);
  const now = nowIso();
  const nowMs = today.getTime();

  // The educators, all at Las Palmas since they were hired, all in the coach's caseload.
  const staffIds = await insertRowsReturningIds(db, 'staff', EDUCATORS.map((e, i) => ({
    district_id: districtId, first_name: e.first, last_name: e.last,
    email: i === 0 ? refs.teacherUser.email : `${e.first}.${e.last}`.toLowerCase().normalize('NFKD').replace(/[^a-z.]/g, '') + `@${VALLE_DEL_SOL.domain}`,
    employee_id: `VS${2100 + i * 7}`, position: e.position, grade_levels: JSON.stringify(e.grades),
    subjects: JSON.stringify(e.position === 'Special Education Teacher' ? ['Special Education'] : e.position === 'English Learner Teacher' ? ['English Learners'] : ['Elementary (all subjects)']),
    hire_date: `${2012 + i * 2}-08-${String(12 + i).padStart(2, '0')}`, status: 'active', user_id: i === 0 ? refs.teacherUser.id : null,
    created_at: now, updated_at: now,
  })));
  await insertRows(db, 'staff_buildings', staffIds.map((id, i) => ({
    district_id: districtId, staff_id: id, building_id: buildingId, start_date: `${2012 + i * 2}-08-15`, end_date: null, created_at: now,
  })));
  await insertRows(db, 'coach_assignments', staffIds.map((id) => ({
    district_id: districtId, coach_id: coachId, staff_id: id, start_date: '2025-08-18', end_date: null, created_at: now, updated_at: now,
  })));

  const typeRows = await db.selectFrom('interaction_types').select(['id', 'name', 'default_minutes'])
    .where('district_id', '=', districtId).where('archived_at', 'is', null).execute();
  const typeOf = (name: string) => {
    const type = typeRows.find((t) => t.name === name);
    if (!type) throw new Error(`Valle del Sol has no interaction type "${name}" (server/identity/defaultsSpanish.ts names it).`);
    return type;
  };
  const weighted = TYPES.flatMap((t) => Array.from({ length: t.weight }, () => t.name));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

  // Every school day from the Monday of the week of the fifth school day back, to the seeding day; then two ahead.
  const todayLocal = localDay(today, timezone);
  const fifthBack = schoolDayBefore(todayLocal, 5);
  const start = plusDays(fifthBack, -((new Date(`${fifthBack}T00:00:00Z`).getUTCDay() + 6) % 7));
  const lastSchoolDay = schoolDayBefore(todayLocal, 1);
  const days: string[] = [];
  for (let d = start; d < todayLocal; d = plusDays(d, 1)) if (isSchoolDay(d)) days.push(d);
  const ahead = [plusDays(todayLocal, 1), plusDays(todayLocal, 2), plusDays(todayLocal, 3), plusDays(todayLocal, 4)].filter(isSchoolDay).slice(0, 2);

  const rows: { row: Insertable<Tables['interactions']>; staffId: number }[] = [];
  for (const day of [...days, ...ahead]) {
    const future = day > todayLocal;
    const count = future ? 1 : 2 + Math.floor(rand() * 2);
    let minute = 8 * 60 + Math.floor(rand() * 45);
    for (let k = 0; k < count; k++) {
      const type = typeOf(pick(weighted));
      const duration = type.default_minutes;
      const startsAt = zonedInstant(day, Math.floor(minute / 60), minute % 60, timezone);
      minute += duration + 40 + Math.floor(rand() * 60);
      if (minute > 15 * 60 + 30) break;
      // The first of the last school day is still to complete ("Needs completing").
      const status = future || (day === lastSchoolDay && k === 0) ? 'scheduled' : 'completed';
      const done = status === 'completed';
      const createdAt = done
        ? new Date(Math.min(startsAt.getTime() + (duration + 10) * 60_000, nowMs)).toISOString()
        : zonedInstant(schoolDayBefore(day < todayLocal ? day : todayLocal, 2), 15, 35, timezone).toISOString();
      rows.push({
        row: {
          district_id: districtId, interaction_type_id: type.id, coach_id: coachId, starts_at: startsAt.toISOString(),
          duration_minutes: duration, status, building_id: buildingId,
          notes: done ? pick(NOTES[type.name]!) : null,
          private_notes: done && rand() < 0.08 ? pick(PRIVATE_NOTES) : null,
          next_steps: done && rand() < 0.5 ? pick(NEXT_STEPS) : null,
          import_uid: null, created_by: coachId, updated_by: coachId, created_at: createdAt, updated_at: createdAt, deleted_at: null,
        },
        // Sofía Garza (the cycle's educator) in about a third of them, the others in turn.
        staffId: rand() < 0.35 ? staffIds[0]! : staffIds[1 + Math.floor(rand() * (staffIds.length - 1))]!,
      });
    }
  }
  const interactionIds = await insertRowsReturningIds(db, 'interactions', rows.map((r) => r.row));
  await insertRows(db, 'interaction_participants', rows.map((r, k) => ({
    district_id: districtId, interaction_id: interactionIds[k]!, staff_id: r.staffId, group_id: null,
  })));

  // The coach's other time: planning on the days logged, in Spanish.
  await insertRows(db, 'activities', days.filter((_, i) => i % 2 === 0).map((day) => {
    const at = zonedInstant(day, 15, 0, timezone);
    const logged = new Date(Math.min(at.getTime() + 50 * 60_000, nowMs)).toISOString();
    return {
      district_id: districtId, user_id: coachId, category: 'planning', starts_at: at.toISOString(), minutes: 45,
      notes: 'Preparé materiales para las sesiones de la próxima semana.', import_uid: null, created_at: logged, updated_at: logged, deleted_at: null,
    };
  }).filter((a) => a.starts_at < today.toISOString()));

  // Two goal templates in Spanish (Configuración de ciclos), the first the cycle's goal.
  const goals = [
    { title: 'Los estudiantes explican su razonamiento', goal: 'La mayoría de los estudiantes explica su razonamiento en voz alta o por escrito en cada clase, usando los marcos de oración que construimos juntos.' },
    { title: 'Comprobar la comprensión', goal: 'Cada clase tiene al menos dos comprobaciones de la comprensión planificadas, y la clase siguiente se ajusta según lo que muestran.' },
  ];
  await db.insertInto('cycle_goal_templates').values(goals.map((g, i) => ({
    district_id: districtId, title: g.title, goal: g.goal, sort_order: i + 1, archived_at: null, created_at: now, updated_at: now,
  }))).execute();

  // One cycle with Sofía Garza, in its third stage ("Práctica con retroalimentación"), with two notes.
  const stages = await db.selectFrom('cycle_stages').select(['id', 'expected_days']).where('district_id', '=', districtId)
    .where('archived_at', 'is', null).orderBy('sort_order').execute();
  // In the framework's order: domain by domain (each copied in turn), skill by skill.
  const skills = await db.selectFrom('skills').select(['id', 'name']).where('district_id', '=', districtId)
    .where('archived_at', 'is', null).orderBy('id').execute();
  const skillOf = (name: string) => skills.find((s) => s.name === name)?.id;
  const cycleStart = schoolDayBefore(todayLocal, 24);
  const entered = [cycleStart, schoolDayBefore(todayLocal, 15), schoolDayBefore(todayLocal, 5)];
  if (stages.length >= 3) {
    const { id: cycleId } = await db.insertInto('coaching_cycles').values({
      district_id: districtId, coach_id: coachId, title: 'Preguntas abiertas y tiempo de espera',
      goal: goals[0]!.goal,
      start_date: cycleStart, target_end_date: plusDays(cycleStart, stages.reduce((n, s) => n + s.expected_days, 0)), status: 'active',
      stage_id: stages[2]!.id, stage_entered_on: entered[2]!, outcome: null, reflection: null, completed_on: null,
      created_by: coachId, updated_by: coachId, created_at: now, updated_at: now, deleted_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('coaching_cycle_staff').values({ district_id: districtId, cycle_id: cycleId, staff_id: staffIds[0]! }).execute();
    await db.insertInto('coaching_cycle_stage_history').values(entered.map((on, s) => ({
      district_id: districtId, cycle_id: cycleId, stage_id: stages[s]!.id, entered_on: on, left_on: entered[s + 1] ?? null, moved_by: coachId,
    }))).execute();
    const focus = ['Preguntas que hacen pensar', 'Diálogo entre estudiantes'].map(skillOf).filter((id): id is number => id !== undefined);
    if (focus.length) await db.insertInto('coaching_cycle_skills').values(focus.map((s) => ({ district_id: districtId, cycle_id: cycleId, skill_id: s }))).execute();
    const notes = [
      { day: schoolDayBefore(todayLocal, 14), body: 'Línea base: en la observación, solo cinco estudiantes respondieron preguntas abiertas; casi todas las respuestas fueron de una palabra.' },
      { day: schoolDayBefore(todayLocal, 3), body: 'Con los marcos de oración en la pizarra, doce estudiantes explicaron su razonamiento. Seguiremos con el tiempo de espera.' },
    ];
    await db.insertInto('coaching_cycle_notes').values(notes.map((n) => {
      const at = zonedInstant(n.day, 15, 40, timezone).toISOString();
      return { district_id: districtId, cycle_id: cycleId, author_id: coachId, body: n.body, created_at: at, updated_at: at, deleted_at: null };
    })).execute();
    // The cycle covers the completed interactions with Sofía since it started.
    const covered = rows.map((r, k) => ({ r, id: interactionIds[k]! }))
      .filter(({ r }) => r.staffId === staffIds[0] && r.row.status === 'completed' && localDay(new Date(r.row.starts_at), timezone) >= cycleStart);
    if (covered.length) {
      await db.updateTable('interactions').set({ coaching_cycle_id: cycleId }).where('district_id', '=', districtId)
        .where('id', 'in', covered.map((c) => c.id)).execute();
    }
  }

  // A few ratings: four educators rated on the six skills of "La enseñanza en acción" at their latest completed
  // observation (else on the last school day), by the coach.
  const observation = typeOf('Observación de aula').id;
  const ratings: Insertable<Tables['skill_ratings']>[] = [];
  for (const staffId of staffIds.slice(0, 4)) {
    const seen = rows.map((r, k) => ({ r, id: interactionIds[k]! }))
      .filter(({ r }) => r.staffId === staffId && r.row.status === 'completed' && r.row.interaction_type_id === observation).at(-1);
    const ratedOn = seen ? localDay(new Date(seen.r.row.starts_at), timezone) : lastSchoolDay;
    for (const [s, skill] of skills.slice(12, 18).entries()) {
      const level = 1 + ((staffId + s) % 3);
      ratings.push({
        district_id: districtId, staff_id: staffId, skill_id: skill.id, level, rated_on: ratedOn, rated_by: coachId,
        note: s === 1 ? 'Hace preguntas abiertas con más frecuencia; falta dar tiempo de espera.' : null,
        interaction_id: seen?.id ?? null, created_at: now,
      });
    }
  }
  const ratingIds = await insertRowsReturningIds(db, 'skill_ratings', ratings);
  await insertRows(db, 'skill_current_levels', ratings.map((r, k) => ({
    district_id: districtId, staff_id: r.staff_id, skill_id: r.skill_id, rating_id: ratingIds[k]!, level: r.level, rated_on: r.rated_on,
    rated_by: r.rated_by ?? null, note: r.note ?? null,
  })));
}
