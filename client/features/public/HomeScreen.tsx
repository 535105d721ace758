import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import type { ScreenProps } from '../../app/routeTable';
import { defineMessages, type MessageDescriptor, t } from '../../lib/i18n';
import icons from './homeIcons.json';

/** One shape of an icon: an SVG element's name (path, circle, rect) and its attributes. */
type IconShape = { svg: string; [attribute: string]: string | undefined };

/** Decorative 24×24 stroke icon drawn from its shapes; hidden from assistive technology. */
function Icon({ shapes }: { shapes: IconShape[] }) {
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
      {shapes.map(({ svg, ...attributes }, i) => createElement(svg, { key: i, ...attributes }))}
    </svg>
  );
}

const m = defineMessages({
  eyebrow: { id: 'public.home.eyebrow', defaultMessage: 'Instructional coaching platform for K–12 districts' },
  title: { id: 'public.home.title', defaultMessage: 'Coaching your teachers feel and your board can see' },
  lede: {
    id: 'public.home.lede',
    defaultMessage: 'Coachwell gives district coaching teams one place to run coaching cycles, log every interaction, map teacher skills and report engagement, so you know where coaching time goes and what it changes in classrooms.',
  },
  startTrial: { id: 'public.home.startTrial', defaultMessage: 'Start free trial' },
  seePricing: { id: 'public.home.seePricing', defaultMessage: 'See pricing' },
  trialNote: { id: 'public.home.trialNote', defaultMessage: '30-day free trial of Essentials. No credit card required.' },
  featuresKicker: { id: 'public.home.featuresKicker', defaultMessage: 'What Coachwell does' },
  featuresTitle: { id: 'public.home.featuresTitle', defaultMessage: 'Everything your coaching program runs on' },
  featuresLede: {
    id: 'public.home.featuresLede',
    defaultMessage: 'Replace the shared spreadsheets, paper logs and end-of-year surveys with one system your coaches will actually keep up to date.',
  },
  cyclesTitle: { id: 'public.home.cyclesTitle', defaultMessage: 'Coaching cycles' },
  cyclesText: {
    id: 'public.home.cyclesText',
    defaultMessage: 'Build each cycle around a teacher’s goal, schedule the planning conversation, observation and debrief, and follow it through to reflection without losing a step.',
  },
  loggingTitle: { id: 'public.home.loggingTitle', defaultMessage: 'Interaction logging' },
  loggingText: {
    id: 'public.home.loggingText',
    defaultMessage: 'Coaches record a co-plan, model lesson, walkthrough or hallway conversation in a few clicks, tagged by educator, school and focus so no coaching work goes unrecorded.',
  },
  skillsTitle: { id: 'public.home.skillsTitle', defaultMessage: 'Skill mapping' },
  skillsText: {
    id: 'public.home.skillsText',
    defaultMessage: 'Map teacher practice against your own instructional framework and see which skills coaching is strengthening, teacher by teacher and school by school.',
  },
  reportsTitle: { id: 'public.home.reportsTitle', defaultMessage: 'Engagement reports' },
  reportsText: {
    id: 'public.home.reportsText',
    defaultMessage: 'See coaching reach and time by school, coach and teacher, compare campuses side by side, and spot who has not been supported yet while there is still time to act.',
  },
  calendarTitle: { id: 'public.home.calendarTitle', defaultMessage: 'Calendar sync' },
  calendarText: {
    id: 'public.home.calendarText',
    defaultMessage: 'Connect coaches’ work calendars so scheduled sessions become logged activity automatically, with no double entry at the end of a long day.',
  },
  csvTitle: { id: 'public.home.csvTitle', defaultMessage: 'CSV import and export' },
  csvText: {
    id: 'public.home.csvText',
    defaultMessage: 'Load educators, schools and coaches from the spreadsheet your HR or student information system already produces, and download your records as CSV whenever you need them.',
  },
  proofKicker: { id: 'public.home.proofKicker', defaultMessage: 'Impact reporting' },
  proofTitle: { id: 'public.home.proofTitle', defaultMessage: 'Proof that coaching works' },
  proofLede: {
    id: 'public.home.proofLede',
    defaultMessage: 'Every budget season, boards and cabinets ask a fair question: what are students and teachers getting for our coaching investment? Coachwell turns the records coaches already keep into evidence you can put in front of them.',
  },
  captureTitle: { id: 'public.home.captureTitle', defaultMessage: 'Capture the work as it happens' },
  captureText: {
    id: 'public.home.captureText',
    defaultMessage: 'Every interaction and cycle is recorded with the educator, school, focus area and time spent, so reach and dosage are facts rather than estimates pieced together in May.',
  },
  connectTitle: { id: 'public.home.connectTitle', defaultMessage: 'Connect coaching to classroom practice' },
  connectText: {
    id: 'public.home.connectText',
    defaultMessage: 'Skill maps show how ratings on your instructional framework move across a cycle, for one teacher or for a whole cohort of new hires.',
  },
  reportTitle: { id: 'public.home.reportTitle', defaultMessage: 'Report in the language your board uses' },
  reportText: {
    id: 'public.home.reportText',
    defaultMessage: 'Coaching-cycle, teacher-level, coaching-team and school comparison reports are ready to present, and every figure can be exported to CSV for your own slides or data warehouse.',
  },
  questionsTitle: { id: 'public.home.questionsTitle', defaultMessage: 'Questions you will be able to answer at your next board meeting' },
  questionReach: { id: 'public.home.questionReach', defaultMessage: 'How many teachers received coaching this semester, and at which schools?' },
  questionNewTeachers: { id: 'public.home.questionNewTeachers', defaultMessage: 'How much coaching time went to first- and second-year teachers?' },
  questionPractices: {
    id: 'public.home.questionPractices',
    defaultMessage: 'Which instructional practices did coaching cycles focus on, and how did ratings change?',
  },
  questionCampuses: { id: 'public.home.questionCampuses', defaultMessage: 'Is coaching reaching every campus, or concentrated in a few?' },
  questionTime: { id: 'public.home.questionTime', defaultMessage: 'How is each coach’s time split between cycles, planning and one-off support?' },
  trustKicker: { id: 'public.home.trustKicker', defaultMessage: 'Privacy, security and access' },
  trustTitle: { id: 'public.home.trustTitle', defaultMessage: 'Built for the trust districts require' },
  trustLede: {
    id: 'public.home.trustLede',
    defaultMessage: 'Coaching notes are sensitive professional records. We protect them the way your legal counsel and families expect.',
  },
  ferpaTitle: { id: 'public.home.ferpaTitle', defaultMessage: 'FERPA-aligned' },
  ferpaText: {
    id: 'public.home.ferpaText',
    defaultMessage: 'We work under your direction as a school official, use your data only to provide the service, and never sell it or use it for advertising.',
  },
  ownershipTitle: { id: 'public.home.ownershipTitle', defaultMessage: 'Your district owns its data' },
  ownershipText: {
    id: 'public.home.ownershipText',
    defaultMessage: 'Everything you put into Coachwell stays yours. We sign state data privacy agreements and delete your data when you leave, with a certificate of destruction on request.',
  },
  accessibleTitle: { id: 'public.home.accessibleTitle', defaultMessage: 'Accessible to WCAG 2.1 AA' },
  accessibleText: {
    id: 'public.home.accessibleText',
    defaultMessage: 'Every screen is built for keyboard, screen reader and zoom users, with color never the only signal, so every coach and administrator can do their job.',
  },
  hostingTitle: { id: 'public.home.hostingTitle', defaultMessage: 'Hosted in the United States' },
  hostingText: {
    id: 'public.home.hostingText',
    defaultMessage: 'Your data is stored and processed in US data centers and encrypted both in transit and at rest.',
  },
  exportTitle: { id: 'public.home.exportTitle', defaultMessage: 'Export any time' },
  exportText: {
    id: 'public.home.exportText',
    defaultMessage: 'District administrators can download educators, interactions, cycles and reports as CSV whenever they like. No support ticket, no fee, no waiting for renewal.',
  },
  studentsTitle: { id: 'public.home.studentsTitle', defaultMessage: 'No student accounts' },
  studentsText: {
    id: 'public.home.studentsText',
    defaultMessage: 'Coachwell is built for the adults who lead professional learning. Students never sign in, and we never ask for student records.',
  },
  policyLink: { id: 'public.home.policyLink', defaultMessage: 'Read our privacy policy and terms of service' },
  ctaTitle: { id: 'public.home.ctaTitle', defaultMessage: 'See your coaching program clearly this school year' },
  ctaText: {
    id: 'public.home.ctaText',
    defaultMessage: 'Start a 30-day Essentials trial with your own staff roster. No credit card and no sales call needed, and everything you enter carries over when you subscribe.',
  },
  comparePlans: { id: 'public.home.comparePlans', defaultMessage: 'Compare plans' },
});

// The page's copy is the messages above (shown with `t` while rendering); the icons are data (homeIcons.json).
type Item = { key: string; title: MessageDescriptor; text: MessageDescriptor; icon: IconShape[] };
const FEATURES: Item[] = [
  { key: 'cycles', title: m.cyclesTitle, text: m.cyclesText, icon: icons.features.cycles },
  { key: 'logging', title: m.loggingTitle, text: m.loggingText, icon: icons.features.logging },
  { key: 'skills', title: m.skillsTitle, text: m.skillsText, icon: icons.features.skills },
  { key: 'reports', title: m.reportsTitle, text: m.reportsText, icon: icons.features.reports },
  { key: 'calendar', title: m.calendarTitle, text: m.calendarText, icon: icons.features.calendar },
  { key: 'csv', title: m.csvTitle, text: m.csvText, icon: icons.features.csv },
];
const PROOF_STEPS: { key: string; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { key: 'capture', title: m.captureTitle, text: m.captureText },
  { key: 'connect', title: m.connectTitle, text: m.connectText },
  { key: 'report', title: m.reportTitle, text: m.reportText },
];
const BOARD_QUESTIONS: MessageDescriptor[] = [m.questionReach, m.questionNewTeachers, m.questionPractices, m.questionCampuses, m.questionTime];
const TRUST: Item[] = [
  { key: 'ferpa', title: m.ferpaTitle, text: m.ferpaText, icon: icons.trust.ferpa },
  { key: 'ownership', title: m.ownershipTitle, text: m.ownershipText, icon: icons.trust.ownership },
  { key: 'accessible', title: m.accessibleTitle, text: m.accessibleText, icon: icons.trust.accessible },
  { key: 'hosting', title: m.hostingTitle, text: m.hostingText, icon: icons.trust.hosting },
  { key: 'export', title: m.exportTitle, text: m.exportText, icon: icons.trust.export },
  { key: 'students', title: m.studentsTitle, text: m.studentsText, icon: icons.trust.students },
];

/** A section of the page with its intro (kicker, heading, lede) above its content. */
function HomeSection({ id, kicker, title, lede, children }: { id: string; kicker: string; title: string; lede: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="container">
        <div className="home-section-intro">
          <p className="home-kicker">{kicker}</p>
          <h2 id={id}>{title}</h2>
          <p className="home-section-lede">{lede}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

export default function HomeScreen(_props: ScreenProps) {
  return (
    <div className="home-page">
      <section className="hero home-hero" aria-labelledby="home-title">
        <p className="hero__eyebrow">{t(m.eyebrow)}</p>
        <h1 id="home-title" className="hero__title">
          {t(m.title)}
        </h1>
        <p className="hero__lede">{t(m.lede)}</p>
        <div className="hero__actions">
          <ButtonLink to="/register" className="home-hero-btn">
            {t(m.startTrial)}
          </ButtonLink>
          <ButtonLink to="/pricing" variant="secondary" className="home-hero-btn">
            {t(m.seePricing)}
          </ButtonLink>
        </div>
        <p className="hero__note">{t(m.trialNote)}</p>
      </section>

      <HomeSection id="home-features-title" kicker={t(m.featuresKicker)} title={t(m.featuresTitle)} lede={t(m.featuresLede)}>
        <ul className="feature-grid home-feature-grid">
          {FEATURES.map((f) => (
            <li key={f.key} className="feature">
              <span className="feature__icon"><Icon shapes={f.icon} /></span>
              <h3 className="feature__title">{t(f.title)}</h3>
              <p className="feature__text">{t(f.text)}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <section className="home-section home-section-alt" aria-labelledby="home-proof-title">
        <div className="container">
          <div className="split home-proof">
            <div>
              <p className="home-kicker">{t(m.proofKicker)}</p>
              <h2 id="home-proof-title">{t(m.proofTitle)}</h2>
              <p className="home-section-lede">{t(m.proofLede)}</p>
              <ol className="home-steps">
                {PROOF_STEPS.map((step, i) => (
                  <li key={step.key} className="home-step">
                    <span className="disc disc--strong home-step-number" aria-hidden="true">
                      {i + 1}
                    </span>
                    <div>
                      <h3 className="home-step-title">{t(step.title)}</h3>
                      <p className="home-step-text">{t(step.text)}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
            <div className="card home-questions">
              <h3 className="home-questions-title">{t(m.questionsTitle)}</h3>
              <ul className="home-questions-list">
                {BOARD_QUESTIONS.map((q) => (
                  <li key={q.id}>{t(q)}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <HomeSection id="home-trust-title" kicker={t(m.trustKicker)} title={t(m.trustTitle)} lede={t(m.trustLede)}>
        <ul className="home-trust-grid">
          {TRUST.map((item) => (
            <li key={item.key} className="home-trust-item">
              <span className="home-trust-icon"><Icon shapes={item.icon} /></span>
              <div>
                <h3 className="home-trust-title">{t(item.title)}</h3>
                <p className="home-trust-text">{t(item.text)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="home-trust-more">
          <Link to="/policy">{t(m.policyLink)}</Link>
        </p>
      </HomeSection>

      <section className="home-section home-cta-section" aria-labelledby="home-cta-title">
        <div className="container">
          <div className="home-cta">
            <h2 id="home-cta-title" className="home-cta-title">
              {t(m.ctaTitle)}
            </h2>
            <p className="home-cta-text">{t(m.ctaText)}</p>
            <div className="home-cta-actions">
              <ButtonLink to="/register" className="home-hero-btn">
                {t(m.startTrial)}
              </ButtonLink>
              <ButtonLink to="/pricing" variant="secondary" className="home-hero-btn">
                {t(m.comparePlans)}
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
