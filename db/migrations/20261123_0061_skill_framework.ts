// Frozen once landed: never import app code here, never edit; add a new migration instead.
// skill_current_levels, still empty, is rebuilt clustered by its key (SQLite: WITHOUT ROWID, so an
// educator's cells are one contiguous read) and gains the rater and note of the rating behind each
// cell, so the heat map never joins the rating history.
// The provider's default skill framework (issue 10), written for Coachwell in words of our own (no
// published rubric's text): four domains of six skills and a four-level scale with a descriptor per
// level. Rows with district_id null are the provider's; every existing district gets its own copy
// here, and new districts get one from createDistrict (server/identity/accounts.ts).
import { type Kysely } from 'kysely';
import { withoutRowid } from '../migrationHelpers';

const FRAMEWORK = {
  name: 'Coachwell teaching practice',
  description: 'A starting framework for coaching conversations: four areas of everyday teaching practice. Rename, reorder or archive anything to fit your district.',
};

const LEVELS = [
  { level: 1, name: 'Beginning', descriptor: 'Trying the practice for the first time or only now and then; it depends on support and planning help.' },
  { level: 2, name: 'Developing', descriptor: 'Uses the practice regularly with some success; results vary from lesson to lesson and with different groups.' },
  { level: 3, name: 'Skilled', descriptor: 'Uses the practice confidently and consistently, adjusting it to students, with a clear effect on their learning.' },
  { level: 4, name: 'Leading', descriptor: 'The practice is second nature and adapted with ease; the educator helps colleagues grow in it too.' },
];

const DOMAINS: { name: string; description: string; skills: [string, string][] }[] = [
  {
    name: 'Planning for learning',
    description: 'How lessons and units are designed before students arrive.',
    skills: [
      ['Clear learning goals', 'Each lesson aims at a goal students can say in their own words and that fits the unit.'],
      ['Evidence of success', 'Decides in advance what students will say, do or make to show they reached the goal.'],
      ['Sequenced tasks', 'Orders tasks so that each one builds on the last and leads toward the goal.'],
      ['Planning for every learner', 'Plans supports and stretches so students with different needs can reach the same goal.'],
      ['Purposeful materials', 'Chooses texts, tools and examples because they serve the goal, not only because they are at hand.'],
      ['Using data to plan', 'Looks at recent student work and results to decide what to teach next and to whom.'],
    ],
  },
  {
    name: 'Classroom community',
    description: 'The room students learn in: relationships, routines and a sense of belonging.',
    skills: [
      ['Relationships with students', 'Knows students as people and uses that knowledge to connect them with the work.'],
      ['Routines and transitions', 'Teaches and keeps routines so that little time is lost between activities.'],
      ['Shared expectations', 'Builds expectations for behaviour with students and responds to lapses calmly and fairly.'],
      ['Belonging and respect', 'Makes every student feel their voice and background are welcome in the room.'],
      ['Student ownership', 'Gives students real choices and roles in running the classroom and their own learning.'],
      ['Learning space', 'Arranges the room and its displays so that they help students work and find what they need.'],
    ],
  },
  {
    name: 'Instruction in action',
    description: 'What happens while teaching: explaining, questioning, engaging and checking.',
    skills: [
      ['Clear explanations', 'Explains and models new ideas in steps students can follow, with well-chosen examples.'],
      ['Questioning for thinking', 'Asks questions that make students reason and explain, and waits for their answers.'],
      ['Student discussion', 'Sets up talk where students build on and challenge one another\'s ideas.'],
      ['Active engagement', 'Keeps most students doing the thinking most of the time, not only a few volunteers.'],
      ['Checking for understanding', 'Checks during the lesson who understands and changes course when many do not.'],
      ['Useful feedback', 'Gives feedback that is timely and specific and that students act on.'],
    ],
  },
  {
    name: 'Growing as a professional',
    description: 'Learning from practice, working with colleagues and families.',
    skills: [
      ['Reflecting on practice', 'Looks back on lessons honestly and names what to keep and what to change.'],
      ['Acting on coaching', 'Tries the strategies agreed in coaching and reports back on what happened.'],
      ['Working with colleagues', 'Plans, shares and solves problems with colleagues and takes part in team work.'],
      ['Partnering with families', 'Keeps families informed and involves them in their child\'s learning.'],
      ['Professional learning', 'Seeks out learning that fits their goals and brings it back into the classroom.'],
      ['Records and responsibilities', 'Keeps grades, records and school duties accurate and on time.'],
    ],
  },
];

type Db = Kysely<any>;

/** Copies the provider's framework (district_id null) into one district (same as createDistrict's copy). */
async function copyInto(db: Db, districtId: number, now: string): Promise<void> {
  const source = await db.selectFrom('skill_frameworks').selectAll().where('district_id', 'is', null).where('active', '=', 1).executeTakeFirst();
  if (!source) return;
  const { id: frameworkId } = await db.insertInto('skill_frameworks').values({
    district_id: districtId, name: source.name, description: source.description, active: 1, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const levels = await db.selectFrom('skill_levels').selectAll().where('framework_id', '=', source.id).orderBy('level').execute();
  if (levels.length) {
    await db.insertInto('skill_levels').values(levels.map((l: any) => ({
      district_id: districtId, framework_id: frameworkId, level: l.level, name: l.name, descriptor: l.descriptor,
    }))).execute();
  }
  const domains = await db.selectFrom('skill_domains').selectAll().where('framework_id', '=', source.id).where('archived_at', 'is', null).orderBy('sort_order').execute();
  const skills = await db.selectFrom('skills').selectAll().where('framework_id', '=', source.id).where('archived_at', 'is', null).orderBy('sort_order').execute();
  for (const domain of domains) {
    const { id: domainId } = await db.insertInto('skill_domains').values({
      district_id: districtId, framework_id: frameworkId, name: domain.name, description: domain.description,
      sort_order: domain.sort_order, archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const own = skills.filter((s: any) => s.domain_id === domain.id);
    if (own.length) {
      await db.insertInto('skills').values(own.map((s: any) => ({
        district_id: districtId, framework_id: frameworkId, domain_id: domainId, name: s.name, description: s.description,
        sort_order: s.sort_order, archived_at: null, created_at: now, updated_at: now,
      }))).execute();
    }
  }
}

async function currentLevelsTable(db: Db, withRater: boolean): Promise<void> {
  let table = db.schema
    .createTable('skill_current_levels')
    .addColumn('district_id', 'integer', (c) => c.notNull().references('districts.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('rating_id', 'integer', (c) => c.notNull().references('skill_ratings.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('rated_on', 'text', (c) => c.notNull());
  if (withRater) {
    table = table
      .addColumn('rated_by', 'integer', (c) => c.references('users.id'))
      .addColumn('note', 'text');
  }
  await table.addPrimaryKeyConstraint('skill_current_levels_pk', ['district_id', 'staff_id', 'skill_id'])
    .modifyEnd(withoutRowid(db)).execute();
}

export async function up(db: Db): Promise<void> {
  await db.schema.dropTable('skill_current_levels').execute();
  await currentLevelsTable(db, true);
  const now = new Date().toISOString();
  const { id: frameworkId } = await db.insertInto('skill_frameworks').values({
    district_id: null, name: FRAMEWORK.name, description: FRAMEWORK.description, active: 1, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('skill_levels').values(LEVELS.map((l) => ({ district_id: null, framework_id: frameworkId, ...l }))).execute();
  for (const [d, domain] of DOMAINS.entries()) {
    const { id: domainId } = await db.insertInto('skill_domains').values({
      district_id: null, framework_id: frameworkId, name: domain.name, description: domain.description, sort_order: d + 1,
      archived_at: null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('skills').values(domain.skills.map(([name, description], s) => ({
      district_id: null, framework_id: frameworkId, domain_id: domainId, name, description, sort_order: s + 1,
      archived_at: null, created_at: now, updated_at: now,
    }))).execute();
  }
  const districts = await db.selectFrom('districts').select('id').orderBy('id').execute();
  for (const { id } of districts) await copyInto(db, id, now);
}

export async function down(db: Db): Promise<void> {
  // Ratings reference skills: the frameworks go with their levels, domains, skills and ratings.
  for (const table of ['skill_current_levels', 'skill_ratings', 'interaction_skills', 'coaching_cycle_skills', 'skills', 'skill_domains', 'skill_levels', 'skill_frameworks']) {
    await db.deleteFrom(table).execute();
  }
  await db.schema.dropTable('skill_current_levels').execute();
  await currentLevelsTable(db, false);
}
