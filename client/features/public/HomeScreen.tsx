import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button';
import type { ScreenProps } from '../../app/routeTable';
import content from './homeContent.json';

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

// The page's copy and its icons are data (homeContent.json): the sections below lay them out.
type Item = { title: string; text: string; icon: IconShape[] };
const FEATURES: Item[] = content.features;
const PROOF_STEPS: { title: string; text: string }[] = content.proofSteps;
const BOARD_QUESTIONS: string[] = content.boardQuestions;
const TRUST: Item[] = content.trust;

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

      <HomeSection
        id="home-features-title"
        kicker="What Coachwell does"
        title="Everything your coaching program runs on"
        lede="Replace the shared spreadsheets, paper logs and end-of-year surveys with one system your coaches will actually keep up to date."
      >
        <ul className="feature-grid home-feature-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature">
              <span className="feature__icon"><Icon shapes={f.icon} /></span>
              <h3 className="feature__title">{f.title}</h3>
              <p className="feature__text">{f.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <section className="home-section home-section-alt" aria-labelledby="home-proof-title">
        <div className="container">
          <div className="split home-proof">
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
                    <span className="disc disc--strong home-step-number" aria-hidden="true">
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

      <HomeSection
        id="home-trust-title"
        kicker="Privacy, security and access"
        title="Built for the trust districts require"
        lede="Coaching notes are sensitive professional records. We protect them the way your legal counsel and families expect."
      >
        <ul className="home-trust-grid">
          {TRUST.map((t) => (
            <li key={t.title} className="home-trust-item">
              <span className="home-trust-icon"><Icon shapes={t.icon} /></span>
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
      </HomeSection>

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
