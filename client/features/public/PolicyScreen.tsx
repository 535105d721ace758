import { Link } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';

const EFFECTIVE_DATE = 'August 1, 2026';
const PRIVACY_EMAIL = 'privacy@coachwell.com';
const SECURITY_EMAIL = 'security@coachwell.com';

const SECTIONS: { id: string; label: string }[] = [
  { id: 'privacy', label: 'Privacy' },
  { id: 'ferpa', label: 'FERPA and student privacy laws' },
  { id: 'data-ownership', label: 'Data ownership and export' },
  { id: 'security', label: 'Security and breach notification' },
  { id: 'retention-and-deletion', label: 'Retention and deletion' },
  { id: 'subprocessors', label: 'Subprocessors' },
  { id: 'terms', label: 'Terms of service' },
  { id: 'contact', label: 'Contact us' },
];

const SUBPROCESSORS: { purpose: string; data: string; location: string }[] = [
  {
    purpose: 'Cloud hosting, storage and backups',
    data: 'All service data, encrypted at rest',
    location: 'United States',
  },
  {
    purpose: 'Transactional email (invitations, password resets, notices)',
    data: 'Recipient name and work email address, message content',
    location: 'United States',
  },
  {
    purpose: 'Application error monitoring',
    data: 'Technical error details and an internal account ID, without coaching notes',
    location: 'United States',
  },
];

export default function PolicyScreen(_props: ScreenProps) {
  return (
    <div className="container policy-page">
      <header className="prose policy-header">
        <h1 className="policy-title">Privacy policy and terms of service</h1>
        <p className="policy-effective">Effective date: {EFFECTIVE_DATE}</p>
        <p className="policy-intro">
          Coachwell is an instructional coaching platform for US school districts. This page explains, in plain
          language, how we handle the information your district trusts us with and the terms on which we provide the
          service. Where your district has signed a data privacy agreement (DPA) or order form with us, that agreement
          takes precedence over this page wherever the two differ.
        </p>
      </header>

      <div className="split policy-layout">
        <nav className="policy-toc" aria-labelledby="policy-toc-title">
          <p id="policy-toc-title" className="policy-toc-title">
            On this page
          </p>
          <ol className="policy-toc-list">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.label}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="prose policy-content">
          <section id="privacy" className="policy-section">
            <h2 id="privacy-title">Privacy</h2>
            <h3>Information we hold for your district</h3>
            <ul>
              <li>
                <strong>Staff account details:</strong> name, work email address, role, school and position of
                district employees who use Coachwell or are coached in it.
              </li>
              <li>
                <strong>Coaching records:</strong> logged interactions, coaching cycles, goals, notes, skill-map
                ratings and the reports built from them.
              </li>
              <li>
                <strong>Calendar details,</strong> only if your district turns on calendar sync: the time, title and
                attendees of events a coach chooses to sync.
              </li>
              <li>
                <strong>Security and technical logs:</strong> sign-in times, IP addresses, browser type and the
                actions taken in the account, used to keep the service secure and working.
              </li>
            </ul>
            <p>
              Coachwell is designed for adults. Students do not have accounts and we do not ask for student records.
              We ask coaches not to enter student names or identifiers in notes; if your records do contain student
              information, we protect it as an education record under this policy.
            </p>
            <h3>How we use it</h3>
            <p>
              We use your district’s information only to provide, support and secure Coachwell for your district,
              and to meet our legal obligations. We do not sell it, rent it, share it with data brokers, use it for
              targeted or behavioral advertising, or build profiles of anyone for purposes unrelated to the service.
              We use only the cookies needed to keep you signed in and protect your session; we do not use
              advertising or cross-site tracking cookies.
            </p>
          </section>

          <section id="ferpa" className="policy-section">
            <h2 id="ferpa-title">FERPA and student privacy laws</h2>
            <p>
              When a district uses Coachwell, we act as a <strong>school official</strong> under the Family
              Educational Rights and Privacy Act (FERPA) school-official exception. That means:
            </p>
            <ul>
              <li>we perform a service the district would otherwise carry out with its own staff;</li>
              <li>
                we are under the district’s direct control with respect to the use and maintenance of its records;
              </li>
              <li>
                we use records only for the <strong>legitimate educational interest</strong> the district has
                authorized, namely running its coaching program;
              </li>
              <li>
                we do not re-disclose records to anyone except at the district’s direction or where the law
                requires it, and we never sell them or use them for advertising.
              </li>
            </ul>
            <p>
              <strong>COPPA does not apply.</strong> The Children’s Online Privacy Protection Act governs services
              that collect personal information from children under 13. Coachwell has no student accounts and does
              not collect information from children.
            </p>
            <p>
              <strong>State student-privacy laws.</strong> We comply with the state laws that apply to the districts
              we serve and sign state and consortium data privacy agreements, including state versions of the
              Student Data Privacy Consortium agreement. Examples include the Illinois Student Online Personal
              Protection Act (SOPPA), for which we sign the required written agreement and publish the information
              it asks for, and New York Education Law § 2-d, for which we sign the Parents’ Bill of Rights
              supplemental information and meet the contractor requirements of Part 121 of the Commissioner’s
              regulations. Where a state law or your DPA sets a stricter rule than this page, we follow the stricter
              rule.
            </p>
          </section>

          <section id="data-ownership" className="policy-section">
            <h2 id="data-ownership-title">Data ownership and export</h2>
            <p>
              <strong>Your district owns its data.</strong> Everything your staff enter or import into Coachwell
              remains the property of your district. We hold it as a custodian and receive only the limited
              permission we need to store and process it to provide the service to you.
            </p>
            <p>
              District administrators can <strong>export data at any time in CSV format</strong> from Settings,
              including educators, coaches, interactions, coaching cycles and reports. Exports are free, need no
              support request and are available throughout your subscription and for 30 days after it ends.
            </p>
            <p>
              We may use aggregated counts that cannot identify your district or any person (for example, the total
              number of interactions logged across all customers) to run and improve the service. We never use your
              records to train models for anyone else or combine them with data from other sources.
            </p>
          </section>

          <section id="security" className="policy-section">
            <h2 id="security-title">Security and breach notification</h2>
            <ul>
              <li>
                <strong>Encryption:</strong> data is encrypted in transit with TLS and encrypted at rest, including
                backups.
              </li>
              <li>
                <strong>US hosting:</strong> your data is stored and processed in data centers in the United States.
              </li>
              <li>
                <strong>Access within your district:</strong> roles and permissions set by your district
                administrators decide who can see which schools, educators and reports. Sessions end after two hours
                of inactivity and after twelve hours in total.
              </li>
              <li>
                <strong>Provider staff access:</strong> Coachwell staff access district data only to provide support
                you have asked for or to keep the service secure. Every access is logged. When a support specialist
                needs to see exactly what a user sees, they use an audited impersonation session: it records who
                started it, for which account, when and why, and a banner that cannot be hidden is shown for the whole
                session. Your district can request these audit records at any time.
              </li>
              <li>
                <strong>People and process:</strong> staff with access to customer data pass background checks,
                complete annual privacy and security training and use multi-factor authentication.
              </li>
            </ul>
            <p>
              <strong>Breach notification.</strong> If we confirm a security breach affecting your district’s data,
              we will notify your district’s designated contact without undue delay and <strong>within 72
              hours</strong>. The notice will describe what happened, what data was involved, what we have done to
              contain it and who to contact, and we will cooperate fully with any notices your district must send.
              Where a state law or your DPA requires a shorter timeline, we meet it.
            </p>
          </section>

          <section id="retention-and-deletion" className="policy-section">
            <h2 id="retention-and-deletion-title">Retention and deletion</h2>
            <p>
              We keep your district’s data for as long as you subscribe, so that coaching history carries over from
              one school year to the next. District administrators can delete individual records at any time.
            </p>
            <p>
              When your contract ends, administrators keep export-only access for 30 days. <strong>Within 30 days
              of the end of your contract we permanently delete your district’s data</strong>, including from
              backups. On request, we provide a <strong>certificate of destruction</strong> signed by a Coachwell
              officer. Trial districts that do not subscribe are deleted within 30 days of the trial ending.
            </p>
            <p>
              Security and access logs, which identify accounts but contain no coaching content, are kept for up to
              one year to investigate incidents and are then deleted. We keep data longer only if the law requires
              it or your district asks us to in writing, for example because of a litigation hold.
            </p>
          </section>

          <section id="subprocessors" className="policy-section">
            <h2 id="subprocessors-title">Subprocessors</h2>
            <p>
              We use a small number of service providers to run Coachwell. Each is bound by a written agreement with
              privacy and security obligations at least as protective as ours, and none may use your data for its own
              purposes.
            </p>
            <table>
              <caption className="sr-only">Coachwell subprocessors</caption>
              <thead>
                <tr>
                  <th scope="col">Purpose</th>
                  <th scope="col">Data involved</th>
                  <th scope="col">Location</th>
                </tr>
              </thead>
              <tbody>
                {SUBPROCESSORS.map((row) => (
                  <tr key={row.purpose}>
                    <td>{row.purpose}</td>
                    <td>{row.data}</td>
                    <td>{row.location}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              The current list with each provider’s name is attached to your DPA and available on request. We give
              districts at least 30 days’ notice before adding a subprocessor.
            </p>
          </section>

          <section id="terms" className="policy-section">
            <h2 id="terms-title">Terms of service</h2>
            <h3>Subscription</h3>
            <p>
              Coachwell is sold as a subscription for one school year, priced per coach seat; see{' '}
              <Link to="/pricing">our current plans and pricing</Link>. A seat is one person who logs coaching
              interactions or runs coaching cycles, and seats can be reassigned when staff change. Subscriptions are
              invoiced annually and renew only when your district signs a renewal order or issues a purchase order.
              The 30-day trial is free, needs no credit card and ends on its own.
            </p>
            <h3>Acceptable use</h3>
            <p>Use Coachwell for your district’s coaching and professional learning. Please do not:</p>
            <ul>
              <li>share sign-ins, or give access to people your district has not authorized;</li>
              <li>upload information you are not permitted to share, or sensitive student data such as health or
                disciplinary records;</li>
              <li>upload malicious code, test our security without written permission, or disrupt the service;</li>
              <li>use the service to harass anyone or to break the law.</li>
            </ul>
            <p>
              We may suspend an account that puts the service or other users at risk; we will tell your district
              administrator why and work with you to restore access.
            </p>
            <h3>Availability and support</h3>
            <p>
              Our uptime target is <strong>99.9% each month</strong>, excluding scheduled maintenance. We schedule
              maintenance outside US school hours and announce it at least 48 hours ahead. Support is available
              through the in-app knowledge base and by email on school days.
            </p>
            <h3>Limitation of liability</h3>
            <p>
              Each party’s total liability under these terms is limited to the fees your district paid for Coachwell
              in the 12 months before the claim. Neither party is liable for indirect losses such as lost profits.
              These limits do not reduce our obligations under your DPA or the law, including our data-protection and
              breach-notification duties.
            </p>
            <h3>Changes and governing law</h3>
            <p>
              We will give at least 30 days’ notice of material changes to this page, and no change will reduce the
              protection of your district’s data during a school year you have already paid for. For public school
              districts, these terms are governed by the laws of the district’s state, and nothing in them waives
              any immunity your district has under those laws.
            </p>
          </section>

          <section id="contact" className="policy-section">
            <h2 id="contact-title">Contact us</h2>
            <p>
              For privacy questions, data privacy agreements, audit-record requests or a certificate of destruction,
              email our privacy team at <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. To report a
              security concern, email <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a>.
            </p>
            <p>
              Signed-in users can also search the <Link to="/app/support">support knowledge base</Link> or contact
              support from inside Coachwell.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
