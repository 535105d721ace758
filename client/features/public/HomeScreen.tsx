import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import type { ScreenProps } from '../../app/routeTable';

/** Decorative 24×24 stroke icon; hidden from assistive technology. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type Item = { title: string; text: string; icon: ReactNode };

const FEATURES: Item[] = [
  {
    title: 'Coaching cycles',
    text: 'Build each cycle around a teacher’s goal, schedule the planning conversation, observation and debrief, and follow it through to reflection without losing a step.',
    icon: (
      <Icon>
        <path d="M20 12a8 8 0 1 1-2.34-5.66" />
        <path d="M20 4v4h-4" />
        <path d="M9 12l2 2 4-4" />
      </Icon>
    ),
  },
  {
    title: 'Interaction logging',
    text: 'Coaches record a co-plan, model lesson, walkthrough or hallway conversation in a few clicks, tagged by educator, school and focus so no coaching work goes unrecorded.',
    icon: (
      <Icon>
        <path d="M4 5h16v11H9l-5 4z" />
        <path d="M8 9h8M8 12h5" />
      </Icon>
    ),
  },
  {
    title: 'Skill mapping',
    text: 'Map teacher practice against your own instructional framework and see which skills coaching is strengthening, teacher by teacher and school by school.',
    icon: (
      <Icon>
        <circle cx="6" cy="6" r="2.5" />
        <circle cx="18" cy="8" r="2.5" />
        <circle cx="10" cy="18" r="2.5" />
        <path d="M8.3 7l7.3.8M16.6 10.2l-5.2 5.7M7.1 8.3l1.9 7.3" />
      </Icon>
    ),
  },
  {
    title: 'Engagement reports',
    text: 'See coaching reach and time by school, coach and teacher, compare campuses side by side, and spot who has not been supported yet while there is still time to act.',
    icon: (
      <Icon>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </Icon>
    ),
  },
  {
    title: 'Calendar sync',
    text: 'Connect coaches’ work calendars so scheduled sessions become logged activity automatically, with no double entry at the end of a long day.',
    icon: (
      <Icon>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
        <path d="M9 15.5l2 2 4-4" />
      </Icon>
    ),
  },
  {
    title: 'CSV import and export',
    text: 'Load educators, schools and coaches from the spreadsheet your HR or student information system already produces, and download your records as CSV whenever you need them.',
    icon: (
      <Icon>
        <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
        <path d="M14 3v5h5" />
        <path d="M12 11v6M9.5 14.5L12 17l2.5-2.5" />
      </Icon>
    ),
  },
];

const PROOF_STEPS: { title: string; text: string }[] = [
  {
    title: 'Capture the work as it happens',
    text: 'Every interaction and cycle is recorded with the educator, school, focus area and time spent, so reach and dosage are facts rather than estimates pieced together in May.',
  },
  {
    title: 'Connect coaching to classroom practice',
    text: 'Skill maps show how ratings on your instructional framework move across a cycle, for one teacher or for a whole cohort of new hires.',
  },
  {
    title: 'Report in the language your board uses',
    text: 'Coaching-cycle, teacher-level, coaching-team and school comparison reports are ready to present, and every figure can be exported to CSV for your own slides or data warehouse.',
  },
];

const BOARD_QUESTIONS = [
  'How many teachers received coaching this semester, and at which schools?',
  'How much coaching time went to first- and second-year teachers?',
  'Which instructional practices did coaching cycles focus on, and how did ratings change?',
  'Is coaching reaching every campus, or concentrated in a few?',
  'How is each coach’s time split between cycles, planning and one-off support?',
];

const TRUST: Item[] = [
  {
    title: 'FERPA-aligned',
    text: 'We work under your direction as a school official, use your data only to provide the service, and never sell it or use it for advertising.',
    icon: (
      <Icon>
        <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />
        <path d="M9 12l2 2 4-4" />
      </Icon>
    ),
  },
  {
    title: 'Your district owns its data',
    text: 'Everything you put into Coachwell stays yours. We sign state data privacy agreements and delete your data when you leave, with a certificate of destruction on request.',
    icon: (
      <Icon>
        <rect x="4" y="10" width="16" height="11" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" />
        <path d="M12 14.5v2.5" />
      </Icon>
    ),
  },
  {
    title: 'Accessible to WCAG 2.1 AA',
    text: 'Every screen is built for keyboard, screen reader and zoom users, with color never the only signal, so every coach and administrator can do their job.',
    icon: (
      <Icon>
        <circle cx="12" cy="4.5" r="1.8" />
        <path d="M5 8.5l7 1.5 7-1.5" />
        <path d="M12 10v4.5M12 14.5L9 21M12 14.5l3 6.5" />
      </Icon>
    ),
  },
  {
    title: 'Hosted in the United States',
    text: 'Your data is stored and processed in US data centers and encrypted both in transit and at rest.',
    icon: (
      <Icon>
        <path d="M4 7c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z" />
        <path d="M4 7v10c0 1.7 3.6 3 8 3s8-1.3 8-3V7" />
        <path d="M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
      </Icon>
    ),
  },
  {
    title: 'Export any time',
    text: 'District administrators can download educators, interactions, cycles and reports as CSV whenever they like. No support ticket, no fee, no waiting for renewal.',
    icon: (
      <Icon>
        <path d="M12 3v12M7.5 10.5L12 15l4.5-4.5" />
        <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      </Icon>
    ),
  },
  {
    title: 'No student accounts',
    text: 'Coachwell is built for the adults who lead professional learning. Students never sign in, and we never ask for student records.',
    icon: (
      <Icon>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c.8-3.5 3.3-5.5 6.5-5.5s5.7 2 6.5 5.5" />
        <path d="M16 11h6" />
      </Icon>
    ),
  },
];

export default function HomeScreen(_props: ScreenProps) {
  return (
    <div className="home-page">
      <section className="hero home-hero" aria-labelledby="home-title">
        <p className="hero__eyebrow">Instructional coaching platform for K–12 districts</p>
        <h1 id="home-title" className="hero__title">
          Coaching your teachers feel and your board can see
        </h1>
        <p className="hero__lede">
          Coachwell gives district coaching teams one place to run coaching cycles, log every interaction, map teacher
          skills and report engagement, so you know where coaching time goes and what it changes in classrooms.
        </p>
        <div className="hero__actions">
          <ButtonLink to="/register" className="home-hero-btn">
            Start free trial
          </ButtonLink>
          <ButtonLink to="/pricing" variant="secondary" className="home-hero-btn">
            See pricing
          </ButtonLink>
        </div>
        <p className="hero__note">30-day free trial of Essentials. No credit card required.</p>
      </section>

      <section className="home-section" aria-labelledby="home-features-title">
        <div className="container">
          <div className="home-section-intro">
            <p className="home-kicker">What Coachwell does</p>
            <h2 id="home-features-title">Everything your coaching program runs on</h2>
            <p className="home-section-lede">
              Replace the shared spreadsheets, paper logs and end-of-year surveys with one system your coaches will
              actually keep up to date.
            </p>
          </div>
          <ul className="feature-grid home-feature-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="feature">
                <span className="feature__icon">{f.icon}</span>
                <h3 className="feature__title">{f.title}</h3>
                <p className="feature__text">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section home-section-alt" aria-labelledby="home-proof-title">
        <div className="container">
          <div className="home-proof">
            <div>
              <p className="home-kicker">Impact reporting</p>
              <h2 id="home-proof-title">Proof that coaching works</h2>
              <p className="home-section-lede">
                Every budget season, boards and cabinets ask a fair question: what are students and teachers getting
                for our coaching investment? Coachwell turns the records coaches already keep into evidence you can
                put in front of them.
              </p>
              <ol className="home-steps">
                {PROOF_STEPS.map((step, i) => (
                  <li key={step.title} className="home-step">
                    <span className="home-step-number" aria-hidden="true">
                      {i + 1}
                    </span>
                    <div>
                      <h3 className="home-step-title">{step.title}</h3>
                      <p className="home-step-text">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
            <div className="card home-questions">
              <h3 className="home-questions-title">
                Questions you will be able to answer at your next board meeting
              </h3>
              <ul className="home-questions-list">
                {BOARD_QUESTIONS.map((q) => (
                  <li key={q}>{q}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="home-trust-title">
        <div className="container">
          <div className="home-section-intro">
            <p className="home-kicker">Privacy, security and access</p>
            <h2 id="home-trust-title">Built for the trust districts require</h2>
            <p className="home-section-lede">
              Coaching notes are sensitive professional records. We protect them the way your legal counsel and
              families expect.
            </p>
          </div>
          <ul className="home-trust-grid">
            {TRUST.map((t) => (
              <li key={t.title} className="home-trust-item">
                <span className="home-trust-icon">{t.icon}</span>
                <div>
                  <h3 className="home-trust-title">{t.title}</h3>
                  <p className="home-trust-text">{t.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="home-trust-more">
            <Link to="/policy">Read our privacy policy and terms of service</Link>
          </p>
        </div>
      </section>

      <section className="home-section home-cta-section" aria-labelledby="home-cta-title">
        <div className="container">
          <div className="home-cta">
            <h2 id="home-cta-title" className="home-cta-title">
              See your coaching program clearly this school year
            </h2>
            <p className="home-cta-text">
              Start a 30-day Essentials trial with your own staff roster. No credit card and no sales call needed, and
              everything you enter carries over when you subscribe.
            </p>
            <div className="home-cta-actions">
              <ButtonLink to="/register" className="home-hero-btn">
                Start free trial
              </ButtonLink>
              <ButtonLink to="/pricing" variant="secondary" className="home-hero-btn">
                Compare plans
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
