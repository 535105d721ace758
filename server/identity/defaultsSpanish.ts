// The provider's defaults in Spanish (issue 33): what a district created in Spanish starts with. createDistrict
// (accounts.ts) copies the provider's default interaction types (and their custom fields), coaching-cycle stages,
// skill framework and observation forms into a new district; in a Spanish district each text goes through
// `defaultInSpanish`, keyed by the English exactly as the defaults store it (the migrations that seed them:
// 20261123_0020_interactions, 20261123_0040_cycles_skills, 20261123_0061_skill_framework, 20261130_0160_observations).
// A default the provider staff added or reworded since, without a line here, is copied in English;
// defaultsSpanish.test.ts lists any default text of a new database that has none (and any line no default uses).
// Natural Spanish for US K-12 staff, the glossary of docs/reference/translating.md.
import type { Locale } from '../../common/locales';

export const DEFAULTS_IN_SPANISH: Readonly<Record<string, string>> = {
  // ---- Interaction types (names; their custom fields' labels, help texts and choices would go here too)
  'Classroom observation': 'Observación de aula',
  'Feedback conversation': 'Conversación de retroalimentación',
  'Co-teaching': 'Coenseñanza',
  'Modeling a lesson': 'Modelaje de una clase',
  'Planning session': 'Planificación conjunta',
  'Data conversation': 'Conversación sobre datos',
  'PLC facilitation': 'Facilitación de PLC',
  'Check-in': 'Seguimiento breve',
  'Walkthrough': 'Recorrido de aula',

  // ---- Coaching-cycle stages (names and descriptions)
  'Set the goal': 'Fijar la meta',
  'Agree on what the educator wants to change for students, and how you will both know it worked.':
    'Acordar qué quiere cambiar el/la educador/a para sus estudiantes y cómo sabrán ambos que funcionó.',
  'Learn and plan': 'Aprender y planificar',
  'Study the strategy together: model it, co-plan the lessons where it will be tried.':
    'Estudiar juntos la estrategia: modelarla y planificar en conjunto las clases donde se pondrá en práctica.',
  'Practice with feedback': 'Práctica con retroalimentación',
  'The educator tries the strategy; observe, gather evidence and give feedback each round.':
    'El/la educador/a prueba la estrategia; observe, reúna evidencia y dé retroalimentación en cada ronda.',
  'Reflect': 'Reflexionar',
  'Look at the evidence against the goal, name what changed, and decide what comes next.':
    'Revisar la evidencia frente a la meta, nombrar lo que cambió y decidir los próximos pasos.',

  // ---- The skill framework: its name and description, levels, domains and skills
  'Coachwell teaching practice': 'Práctica docente Coachwell',
  'A starting framework for coaching conversations: four areas of everyday teaching practice. Rename, reorder or archive anything to fit your district.':
    'Un marco inicial para las conversaciones de coaching: cuatro áreas de la práctica docente diaria. Cambie el nombre, el orden o archive lo que necesite para adaptarlo a su distrito.',
  'Beginning': 'Inicial',
  'Trying the practice for the first time or only now and then; it depends on support and planning help.':
    'Prueba la práctica por primera vez o solo de vez en cuando; depende del apoyo y de ayuda para planificar.',
  'Developing': 'En desarrollo',
  'Uses the practice regularly with some success; results vary from lesson to lesson and with different groups.':
    'Usa la práctica con regularidad y cierto éxito; los resultados varían de una clase a otra y entre grupos.',
  'Skilled': 'Competente',
  'Uses the practice confidently and consistently, adjusting it to students, with a clear effect on their learning.':
    'Usa la práctica con seguridad y constancia, la adapta a sus estudiantes y tiene un efecto claro en su aprendizaje.',
  'Leading': 'Ejemplar',
  'The practice is second nature and adapted with ease; the educator helps colleagues grow in it too.':
    'La práctica le resulta natural y la adapta con facilidad; además, ayuda a sus colegas a crecer en ella.',

  'Planning for learning': 'Planificación del aprendizaje',
  'How lessons and units are designed before students arrive.': 'Cómo se diseñan las clases y las unidades antes de que lleguen los estudiantes.',
  'Clear learning goals': 'Metas de aprendizaje claras',
  'Each lesson aims at a goal students can say in their own words and that fits the unit.':
    'Cada clase apunta a una meta que los estudiantes pueden expresar con sus propias palabras y que encaja en la unidad.',
  'Evidence of success': 'Evidencia de logro',
  'Decides in advance what students will say, do or make to show they reached the goal.':
    'Decide de antemano qué dirán, harán o producirán los estudiantes para mostrar que alcanzaron la meta.',
  'Sequenced tasks': 'Tareas secuenciadas',
  'Orders tasks so that each one builds on the last and leads toward the goal.':
    'Ordena las tareas de modo que cada una se apoye en la anterior y lleve hacia la meta.',
  'Planning for every learner': 'Planificación para cada estudiante',
  'Plans supports and stretches so students with different needs can reach the same goal.':
    'Planifica apoyos y retos para que estudiantes con distintas necesidades alcancen la misma meta.',
  'Purposeful materials': 'Materiales con propósito',
  'Chooses texts, tools and examples because they serve the goal, not only because they are at hand.':
    'Elige textos, herramientas y ejemplos porque sirven a la meta, no solo porque están a mano.',
  'Using data to plan': 'Uso de datos para planificar',
  'Looks at recent student work and results to decide what to teach next and to whom.':
    'Revisa trabajos y resultados recientes de los estudiantes para decidir qué enseñar a continuación y a quién.',

  'Classroom community': 'Comunidad del aula',
  'The room students learn in: relationships, routines and a sense of belonging.':
    'El espacio donde aprenden los estudiantes: relaciones, rutinas y sentido de pertenencia.',
  'Relationships with students': 'Relaciones con los estudiantes',
  'Knows students as people and uses that knowledge to connect them with the work.':
    'Conoce a sus estudiantes como personas y usa ese conocimiento para conectarlos con el trabajo.',
  'Routines and transitions': 'Rutinas y transiciones',
  'Teaches and keeps routines so that little time is lost between activities.':
    'Enseña y mantiene rutinas para que se pierda poco tiempo entre actividades.',
  'Shared expectations': 'Expectativas compartidas',
  'Builds expectations for behaviour with students and responds to lapses calmly and fairly.':
    'Construye con los estudiantes las expectativas de conducta y responde a las faltas con calma y justicia.',
  'Belonging and respect': 'Pertenencia y respeto',
  'Makes every student feel their voice and background are welcome in the room.':
    'Hace que cada estudiante sienta que su voz y su origen son bienvenidos en el aula.',
  'Student ownership': 'Autonomía de los estudiantes',
  'Gives students real choices and roles in running the classroom and their own learning.':
    'Da a los estudiantes opciones y roles reales en la marcha del aula y en su propio aprendizaje.',
  'Learning space': 'Espacio de aprendizaje',
  'Arranges the room and its displays so that they help students work and find what they need.':
    'Organiza el aula y sus carteles para que ayuden a los estudiantes a trabajar y a encontrar lo que necesitan.',

  'Instruction in action': 'La enseñanza en acción',
  'What happens while teaching: explaining, questioning, engaging and checking.':
    'Lo que sucede durante la enseñanza: explicar, preguntar, involucrar y comprobar.',
  'Clear explanations': 'Explicaciones claras',
  'Explains and models new ideas in steps students can follow, with well-chosen examples.':
    'Explica y modela ideas nuevas en pasos que los estudiantes pueden seguir, con ejemplos bien elegidos.',
  'Questioning for thinking': 'Preguntas que hacen pensar',
  'Asks questions that make students reason and explain, and waits for their answers.':
    'Hace preguntas que llevan a los estudiantes a razonar y explicar, y espera sus respuestas.',
  'Student discussion': 'Diálogo entre estudiantes',
  'Sets up talk where students build on and challenge one another\'s ideas.':
    'Organiza conversaciones en las que los estudiantes amplían y cuestionan las ideas de los demás.',
  'Active engagement': 'Participación activa',
  'Keeps most students doing the thinking most of the time, not only a few volunteers.':
    'Mantiene a la mayoría de los estudiantes pensando la mayor parte del tiempo, no solo a unos pocos voluntarios.',
  'Checking for understanding': 'Comprobación de la comprensión',
  'Checks during the lesson who understands and changes course when many do not.':
    'Comprueba durante la clase quién entiende y cambia el rumbo cuando muchos no entienden.',
  'Useful feedback': 'Retroalimentación útil',
  'Gives feedback that is timely and specific and that students act on.':
    'Da retroalimentación oportuna y específica que los estudiantes ponen en práctica.',

  'Growing as a professional': 'Crecimiento profesional',
  'Learning from practice, working with colleagues and families.': 'Aprender de la práctica y trabajar con colegas y familias.',
  'Reflecting on practice': 'Reflexión sobre la práctica',
  'Looks back on lessons honestly and names what to keep and what to change.':
    'Revisa sus clases con honestidad y nombra qué mantener y qué cambiar.',
  'Acting on coaching': 'Aplicación del coaching',
  'Tries the strategies agreed in coaching and reports back on what happened.':
    'Prueba las estrategias acordadas en el coaching y cuenta después qué pasó.',
  'Working with colleagues': 'Trabajo con colegas',
  'Plans, shares and solves problems with colleagues and takes part in team work.':
    'Planifica, comparte y resuelve problemas con sus colegas y participa en el trabajo en equipo.',
  'Partnering with families': 'Colaboración con las familias',
  'Keeps families informed and involves them in their child\'s learning.':
    'Mantiene informadas a las familias y las involucra en el aprendizaje de sus hijos.',
  'Professional learning': 'Aprendizaje profesional',
  'Seeks out learning that fits their goals and brings it back into the classroom.':
    'Busca formación acorde con sus metas y la lleva de vuelta al aula.',
  'Records and responsibilities': 'Registros y responsabilidades',
  'Keeps grades, records and school duties accurate and on time.':
    'Mantiene calificaciones, registros y deberes escolares precisos y al día.',

  // ---- Observation forms (names, descriptions, sections, items, choices; items named after a skill use the skill's line)
  'Classroom walkthrough': 'Recorrido de aula',
  'A ten-minute visit: what did students do and say? Eight look-fors, seen or not seen, and a note.':
    'Una visita de diez minutos: ¿qué hicieron y dijeron los estudiantes? Ocho indicadores, observados o no, y una nota.',
  'Students can say what they are learning and why': 'Los estudiantes pueden decir qué están aprendiendo y por qué',
  'Students explain their thinking, aloud or in writing': 'Los estudiantes explican su razonamiento, en voz alta o por escrito',
  'Students talk with each other about the content': 'Los estudiantes conversan entre sí sobre el contenido',
  'Most students are working on the task most of the time': 'La mayoría de los estudiantes trabaja en la tarea la mayor parte del tiempo',
  'The teacher checks what students understand and adjusts': 'El/la docente comprueba lo que entienden los estudiantes y hace ajustes',
  'Feedback to students is specific and timely': 'La retroalimentación a los estudiantes es específica y oportuna',
  'The task asks for grade-level thinking': 'La tarea exige un razonamiento propio del grado',
  'Routines and transitions run with little lost time': 'Las rutinas y transiciones se dan con poco tiempo perdido',
  'What stood out': 'Lo que más destacó',
  'Coaching observation': 'Observación de coaching',
  'A full lesson seen with the educator\'s goal in mind, rated on the skill framework and talked through at the debrief.':
    'Una clase completa observada con la meta del/de la educador/a en mente, evaluada con el marco de habilidades y comentada en la conversación posterior.',
  'The lesson': 'La clase',
  'Students': 'Estudiantes',
  'Teacher moves': 'Estrategias docentes',
  'Evidence': 'Evidencia',
  'Focus of this observation': 'Enfoque de esta observación',
  'The educator\'s coaching goal': 'La meta de coaching del/de la educador/a',
  'A new practice being tried': 'Una práctica nueva que se está probando',
  'A lesson the educator asked us to see': 'Una clase que el/la educador/a pidió que observáramos',
  'A regular visit': 'Una visita habitual',
  'Part of the lesson seen': 'Parte de la clase observada',
  'Opening': 'Inicio',
  'Direct instruction': 'Instrucción directa',
  'Guided practice': 'Práctica guiada',
  'Independent or group work': 'Trabajo independiente o en grupo',
  'Closing': 'Cierre',
  'Students who spoke to the whole class': 'Estudiantes que hablaron ante toda la clase',
  'What students said and did': 'Lo que dijeron e hicieron los estudiantes',
  'A strength to build on': 'Una fortaleza para seguir desarrollando',
};

/** A default's text in a district's language: in Spanish when this module has it, else as stored (English). */
export function defaultText(language: Locale, english: string): string;
export function defaultText(language: Locale, english: string | null): string | null;
export function defaultText(language: Locale, english: string | null): string | null {
  if (language !== 'es' || english === null) return english;
  return Object.hasOwn(DEFAULTS_IN_SPANISH, english) ? DEFAULTS_IN_SPANISH[english]! : english;
}

/**
 * A custom field's or form item's config JSON with its choices (`options`) and scale labels (`labels`) in the
 * district's language; anything else (and unreadable JSON) as stored.
 */
export function defaultConfig(language: Locale, config: string): string {
  if (language !== 'es') return config;
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
  } catch {
    return config;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return config;
  const out: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
  let changed = false;
  for (const key of ['options', 'labels']) {
    const list = out[key];
    if (Array.isArray(list)) {
      out[key] = list.map((v) => (typeof v === 'string' ? defaultText(language, v) : v));
      changed = true;
    }
  }
  return changed ? JSON.stringify(out) : config;
}
