import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { defineMessages, type MessageDescriptor, t, tRich } from '../../lib/i18n';

const PRIVACY_EMAIL = 'privacy@coachwell.com';
const SECURITY_EMAIL = 'security@coachwell.com';

const m = defineMessages({
  title: { id: 'public.policy.title', defaultMessage: 'Privacy policy and terms of service' },
  effective: { id: 'public.policy.effective', defaultMessage: 'Effective date: August 1, 2026' },
  intro: {
    id: 'public.policy.intro',
    defaultMessage: 'Coachwell is an instructional coaching platform for US school districts. This page explains, in plain language, how we handle the information your district trusts us with and the terms on which we provide the service. Where your district has signed a data privacy agreement (DPA) or order form with us, that agreement takes precedence over this page wherever the two differ.',
  },
  toc: { id: 'public.policy.toc', defaultMessage: 'On this page' },
  navPrivacy: { id: 'public.policy.navPrivacy', defaultMessage: 'Privacy' },
  navFerpa: { id: 'public.policy.navFerpa', defaultMessage: 'FERPA and student privacy laws' },
  navOwnership: { id: 'public.policy.navOwnership', defaultMessage: 'Data ownership and export' },
  navSecurity: { id: 'public.policy.navSecurity', defaultMessage: 'Security and breach notification' },
  navRetention: { id: 'public.policy.navRetention', defaultMessage: 'Retention and deletion' },
  navSubprocessors: { id: 'public.policy.navSubprocessors', defaultMessage: 'Subprocessors' },
  navTerms: { id: 'public.policy.navTerms', defaultMessage: 'Terms of service' },
  navContact: { id: 'public.policy.navContact', defaultMessage: 'Contact us' },
  holdTitle: { id: 'public.policy.holdTitle', defaultMessage: 'Information we hold for your district' },
  holdStaff: {
    id: 'public.policy.holdStaff',
    defaultMessage: '<b>Staff account details:</b> name, work email address, role, school and position of district employees who use Coachwell or are coached in it.',
  },
  holdRecords: {
    id: 'public.policy.holdRecords',
    defaultMessage: '<b>Coaching records:</b> logged interactions, coaching cycles, goals, notes, skill-map ratings and the reports built from them.',
  },
  holdCalendar: {
    id: 'public.policy.holdCalendar',
    defaultMessage: '<b>Calendar details,</b> only if your district turns on calendar sync: the time, title and attendees of events a coach chooses to sync.',
  },
  holdLogs: {
    id: 'public.policy.holdLogs',
    defaultMessage: '<b>Security and technical logs:</b> sign-in times, IP addresses, browser type and the actions taken in the account, used to keep the service secure and working.',
  },
  adults: {
    id: 'public.policy.adults',
    defaultMessage: 'Coachwell is designed for adults. Students do not have accounts and we do not ask for student records. We ask coaches not to enter student names or identifiers in notes; if your records do contain student information, we protect it as an education record under this policy.',
  },
  useTitle: { id: 'public.policy.useTitle', defaultMessage: 'How we use it' },
  use: {
    id: 'public.policy.use',
    defaultMessage: 'We use your district’s information only to provide, support and secure Coachwell for your district, and to meet our legal obligations. We do not sell it, rent it, share it with data brokers, use it for targeted or behavioral advertising, or build profiles of anyone for purposes unrelated to the service. We use only the cookies needed to keep you signed in and protect your session; we do not use advertising or cross-site tracking cookies.',
  },
  ferpaIntro: {
    id: 'public.policy.ferpaIntro',
    defaultMessage: 'When a district uses Coachwell, we act as a <b>school official</b> under the Family Educational Rights and Privacy Act (FERPA) school-official exception. That means:',
  },
  ferpaService: {
    id: 'public.policy.ferpaService',
    defaultMessage: 'we perform a service the district would otherwise carry out with its own staff;',
  },
  ferpaControl: {
    id: 'public.policy.ferpaControl',
    defaultMessage: 'we are under the district’s direct control with respect to the use and maintenance of its records;',
  },
  ferpaInterest: {
    id: 'public.policy.ferpaInterest',
    defaultMessage: 'we use records only for the <b>legitimate educational interest</b> the district has authorized, namely running its coaching program;',
  },
  ferpaRedisclose: {
    id: 'public.policy.ferpaRedisclose',
    defaultMessage: 'we do not re-disclose records to anyone except at the district’s direction or where the law requires it, and we never sell them or use them for advertising.',
  },
  coppa: {
    id: 'public.policy.coppa',
    defaultMessage: '<b>COPPA does not apply.</b> The Children’s Online Privacy Protection Act governs services that collect personal information from children under 13. Coachwell has no student accounts and does not collect information from children.',
  },
  stateLaws: {
    id: 'public.policy.stateLaws',
    defaultMessage: '<b>State student-privacy laws.</b> We comply with the state laws that apply to the districts we serve and sign state and consortium data privacy agreements, including state versions of the Student Data Privacy Consortium agreement. Examples include the Illinois Student Online Personal Protection Act (SOPPA), for which we sign the required written agreement and publish the information it asks for, and New York Education Law § 2-d, for which we sign the Parents’ Bill of Rights supplemental information and meet the contractor requirements of Part 121 of the Commissioner’s regulations. Where a state law or your DPA sets a stricter rule than this page, we follow the stricter rule.',
  },
  ownsData: {
    id: 'public.policy.ownsData',
    defaultMessage: '<b>Your district owns its data.</b> Everything your staff enter or import into Coachwell remains the property of your district. We hold it as a custodian and receive only the limited permission we need to store and process it to provide the service to you.',
  },
  exportAnyTime: {
    id: 'public.policy.exportAnyTime',
    defaultMessage: 'District administrators can <b>export data at any time in CSV format</b> from Settings, including educators, coaches, interactions, coaching cycles and reports. Exports are free, need no support request and are available throughout your subscription and for 30 days after it ends.',
  },
  aggregates: {
    id: 'public.policy.aggregates',
    defaultMessage: 'We may use aggregated counts that cannot identify your district or any person (for example, the total number of interactions logged across all customers) to run and improve the service. We never use your records to train models for anyone else or combine them with data from other sources.',
  },
  encryption: {
    id: 'public.policy.encryption',
    defaultMessage: '<b>Encryption:</b> data is encrypted in transit with TLS and encrypted at rest, including backups.',
  },
  usHosting: {
    id: 'public.policy.usHosting',
    defaultMessage: '<b>US hosting:</b> your data is stored and processed in data centers in the United States.',
  },
  districtAccess: {
    id: 'public.policy.districtAccess',
    defaultMessage: '<b>Access within your district:</b> roles and permissions set by your district administrators decide who can see which schools, educators and reports. Sessions end after two hours of inactivity and after twelve hours in total.',
  },
  providerAccess: {
    id: 'public.policy.providerAccess',
    defaultMessage: '<b>Provider staff access:</b> Coachwell staff access district data only to provide support you have asked for or to keep the service secure. Every access is logged. When a support specialist needs to see exactly what a user sees, they use an audited impersonation session: it records who started it, for which account, when and why, and a banner that cannot be hidden is shown for the whole session. Your district can request these audit records at any time.',
  },
  people: {
    id: 'public.policy.people',
    defaultMessage: '<b>People and process:</b> staff with access to customer data pass background checks, complete annual privacy and security training and use multi-factor authentication.',
  },
  breach: {
    id: 'public.policy.breach',
    defaultMessage: '<b>Breach notification.</b> If we confirm a security breach affecting your district’s data, we will notify your district’s designated contact without undue delay and <b>within 72 hours</b>. The notice will describe what happened, what data was involved, what we have done to contain it and who to contact, and we will cooperate fully with any notices your district must send. Where a state law or your DPA requires a shorter timeline, we meet it.',
  },
  keep: {
    id: 'public.policy.keep',
    defaultMessage: 'We keep your district’s data for as long as you subscribe, so that coaching history carries over from one school year to the next. District administrators can delete individual records at any time.',
  },
  contractEnd: {
    id: 'public.policy.contractEnd',
    defaultMessage: 'When your contract ends, administrators keep export-only access for 30 days. <b>Within 30 days of the end of your contract we permanently delete your district’s data</b>, including from backups. On request, we provide a <b>certificate of destruction</b> signed by a Coachwell officer. Trial districts that do not subscribe are deleted within 30 days of the trial ending.',
  },
  logsKept: {
    id: 'public.policy.logsKept',
    defaultMessage: 'Security and access logs, which identify accounts but contain no coaching content, are kept for up to one year to investigate incidents and are then deleted. We keep data longer only if the law requires it or your district asks us to in writing, for example because of a litigation hold.',
  },
  subIntro: {
    id: 'public.policy.subIntro',
    defaultMessage: 'We use a small number of service providers to run Coachwell. Each is bound by a written agreement with privacy and security obligations at least as protective as ours, and none may use your data for its own purposes.',
  },
  subCaption: { id: 'public.policy.subCaption', defaultMessage: 'Coachwell subprocessors' },
  subPurpose: { id: 'public.policy.subPurpose', defaultMessage: 'Purpose' },
  subData: { id: 'public.policy.subData', defaultMessage: 'Data involved' },
  subLocation: { id: 'public.policy.subLocation', defaultMessage: 'Location' },
  hostingPurpose: { id: 'public.policy.hostingPurpose', defaultMessage: 'Cloud hosting, storage and backups' },
  hostingData: { id: 'public.policy.hostingData', defaultMessage: 'All service data, encrypted at rest' },
  emailPurpose: { id: 'public.policy.emailPurpose', defaultMessage: 'Transactional email (invitations, password resets, notices)' },
  emailData: { id: 'public.policy.emailData', defaultMessage: 'Recipient name and work email address, message content' },
  monitoringPurpose: { id: 'public.policy.monitoringPurpose', defaultMessage: 'Application error monitoring' },
  monitoringData: {
    id: 'public.policy.monitoringData',
    defaultMessage: 'Technical error details and an internal account ID, without coaching notes',
  },
  unitedStates: { id: 'public.policy.unitedStates', defaultMessage: 'United States' },
  subList: {
    id: 'public.policy.subList',
    defaultMessage: 'The current list with each provider’s name is attached to your DPA and available on request. We give districts at least 30 days’ notice before adding a subprocessor.',
  },
  subscriptionTitle: { id: 'public.policy.subscriptionTitle', defaultMessage: 'Subscription' },
  subscription: {
    id: 'public.policy.subscription',
    defaultMessage: 'Coachwell is sold as a subscription for one school year, priced per coach seat; see <link>our current plans and pricing</link>. A seat is one person who logs coaching interactions or runs coaching cycles, and seats can be reassigned when staff change. Subscriptions are invoiced annually and renew only when your district signs a renewal order or issues a purchase order. The 30-day trial is free, needs no credit card and ends on its own.',
  },
  useTitleTerms: { id: 'public.policy.useTitleTerms', defaultMessage: 'Acceptable use' },
  useIntro: {
    id: 'public.policy.useIntro',
    defaultMessage: 'Use Coachwell for your district’s coaching and professional learning. Please do not:',
  },
  useShare: { id: 'public.policy.useShare', defaultMessage: 'share sign-ins, or give access to people your district has not authorized;' },
  useUpload: {
    id: 'public.policy.useUpload',
    defaultMessage: 'upload information you are not permitted to share, or sensitive student data such as health or disciplinary records;',
  },
  useMalicious: {
    id: 'public.policy.useMalicious',
    defaultMessage: 'upload malicious code, test our security without written permission, or disrupt the service;',
  },
  useHarass: { id: 'public.policy.useHarass', defaultMessage: 'use the service to harass anyone or to break the law.' },
  suspend: {
    id: 'public.policy.suspend',
    defaultMessage: 'We may suspend an account that puts the service or other users at risk; we will tell your district administrator why and work with you to restore access.',
  },
  availabilityTitle: { id: 'public.policy.availabilityTitle', defaultMessage: 'Availability and support' },
  availability: {
    id: 'public.policy.availability',
    defaultMessage: 'Our uptime target is <b>99.9% each month</b>, excluding scheduled maintenance. We schedule maintenance outside US school hours and announce it at least 48 hours ahead. Support is available through the in-app knowledge base and by email on school days.',
  },
  liabilityTitle: { id: 'public.policy.liabilityTitle', defaultMessage: 'Limitation of liability' },
  liability: {
    id: 'public.policy.liability',
    defaultMessage: 'Each party’s total liability under these terms is limited to the fees your district paid for Coachwell in the 12 months before the claim. Neither party is liable for indirect losses such as lost profits. These limits do not reduce our obligations under your DPA or the law, including our data-protection and breach-notification duties.',
  },
  changesTitle: { id: 'public.policy.changesTitle', defaultMessage: 'Changes and governing law' },
  changes: {
    id: 'public.policy.changes',
    defaultMessage: 'We will give at least 30 days’ notice of material changes to this page, and no change will reduce the protection of your district’s data during a school year you have already paid for. For public school districts, these terms are governed by the laws of the district’s state, and nothing in them waives any immunity your district has under those laws.',
  },
  contactPrivacy: {
    id: 'public.policy.contactPrivacy',
    defaultMessage: 'For privacy questions, data privacy agreements, audit-record requests or a certificate of destruction, email our privacy team at {privacyEmail}. To report a security concern, email {securityEmail}.',
  },
  contactSupport: {
    id: 'public.policy.contactSupport',
    defaultMessage: 'Signed-in users can also search the <link>support knowledge base</link> or contact support from inside Coachwell.',
  },
});

/** The `<b>…</b>` of a message. */
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const SECTIONS: { id: string; label: MessageDescriptor }[] = [
  { id: 'privacy', label: m.navPrivacy },
  { id: 'ferpa', label: m.navFerpa },
  { id: 'data-ownership', label: m.navOwnership },
  { id: 'security', label: m.navSecurity },
  { id: 'retention-and-deletion', label: m.navRetention },
  { id: 'subprocessors', label: m.navSubprocessors },
  { id: 'terms', label: m.navTerms },
  { id: 'contact', label: m.navContact },
];

const SUBPROCESSORS: { key: string; purpose: MessageDescriptor; data: MessageDescriptor; location: MessageDescriptor }[] = [
  { key: 'hosting', purpose: m.hostingPurpose, data: m.hostingData, location: m.unitedStates },
  { key: 'email', purpose: m.emailPurpose, data: m.emailData, location: m.unitedStates },
  { key: 'monitoring', purpose: m.monitoringPurpose, data: m.monitoringData, location: m.unitedStates },
];

export default function PolicyScreen(_props: ScreenProps) {
  return (
    <div className="container policy-page">
      <header className="prose policy-header">
        <h1 className="policy-title">{t(m.title)}</h1>
        <p className="policy-effective">{t(m.effective)}</p>
        <p className="policy-intro">{t(m.intro)}</p>
      </header>

      <div className="split policy-layout">
        <nav className="policy-toc" aria-labelledby="policy-toc-title">
          <p id="policy-toc-title" className="policy-toc-title">
            {t(m.toc)}
          </p>
          <ol className="policy-toc-list">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{t(s.label)}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="prose policy-content">
          <section id="privacy" className="policy-section">
            <h2 id="privacy-title">{t(m.navPrivacy)}</h2>
            <h3>{t(m.holdTitle)}</h3>
            <ul>
              <li>{tRich(m.holdStaff, { b: strong })}</li>
              <li>{tRich(m.holdRecords, { b: strong })}</li>
              <li>{tRich(m.holdCalendar, { b: strong })}</li>
              <li>{tRich(m.holdLogs, { b: strong })}</li>
            </ul>
            <p>{t(m.adults)}</p>
            <h3>{t(m.useTitle)}</h3>
            <p>{t(m.use)}</p>
          </section>

          <section id="ferpa" className="policy-section">
            <h2 id="ferpa-title">{t(m.navFerpa)}</h2>
            <p>{tRich(m.ferpaIntro, { b: strong })}</p>
            <ul>
              <li>{t(m.ferpaService)}</li>
              <li>{t(m.ferpaControl)}</li>
              <li>{tRich(m.ferpaInterest, { b: strong })}</li>
              <li>{t(m.ferpaRedisclose)}</li>
            </ul>
            <p>{tRich(m.coppa, { b: strong })}</p>
            <p>{tRich(m.stateLaws, { b: strong })}</p>
          </section>

          <section id="data-ownership" className="policy-section">
            <h2 id="data-ownership-title">{t(m.navOwnership)}</h2>
            <p>{tRich(m.ownsData, { b: strong })}</p>
            <p>{tRich(m.exportAnyTime, { b: strong })}</p>
            <p>{t(m.aggregates)}</p>
          </section>

          <section id="security" className="policy-section">
            <h2 id="security-title">{t(m.navSecurity)}</h2>
            <ul>
              <li>{tRich(m.encryption, { b: strong })}</li>
              <li>{tRich(m.usHosting, { b: strong })}</li>
              <li>{tRich(m.districtAccess, { b: strong })}</li>
              <li>{tRich(m.providerAccess, { b: strong })}</li>
              <li>{tRich(m.people, { b: strong })}</li>
            </ul>
            <p>{tRich(m.breach, { b: strong })}</p>
          </section>

          <section id="retention-and-deletion" className="policy-section">
            <h2 id="retention-and-deletion-title">{t(m.navRetention)}</h2>
            <p>{t(m.keep)}</p>
            <p>{tRich(m.contractEnd, { b: strong })}</p>
            <p>{t(m.logsKept)}</p>
          </section>

          <section id="subprocessors" className="policy-section">
            <h2 id="subprocessors-title">{t(m.navSubprocessors)}</h2>
            <p>{t(m.subIntro)}</p>
            <table>
              <caption className="sr-only">{t(m.subCaption)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(m.subPurpose)}</th>
                  <th scope="col">{t(m.subData)}</th>
                  <th scope="col">{t(m.subLocation)}</th>
                </tr>
              </thead>
              <tbody>
                {SUBPROCESSORS.map((row) => (
                  <tr key={row.key}>
                    <td>{t(row.purpose)}</td>
                    <td>{t(row.data)}</td>
                    <td>{t(row.location)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>{t(m.subList)}</p>
          </section>

          <section id="terms" className="policy-section">
            <h2 id="terms-title">{t(m.navTerms)}</h2>
            <h3>{t(m.subscriptionTitle)}</h3>
            <p>{tRich(m.subscription, { link: (chunks) => <Link to="/pricing">{chunks}</Link> })}</p>
            <h3>{t(m.useTitleTerms)}</h3>
            <p>{t(m.useIntro)}</p>
            <ul>
              <li>{t(m.useShare)}</li>
              <li>{t(m.useUpload)}</li>
              <li>{t(m.useMalicious)}</li>
              <li>{t(m.useHarass)}</li>
            </ul>
            <p>{t(m.suspend)}</p>
            <h3>{t(m.availabilityTitle)}</h3>
            <p>{tRich(m.availability, { b: strong })}</p>
            <h3>{t(m.liabilityTitle)}</h3>
            <p>{t(m.liability)}</p>
            <h3>{t(m.changesTitle)}</h3>
            <p>{t(m.changes)}</p>
          </section>

          <section id="contact" className="policy-section">
            <h2 id="contact-title">{t(m.navContact)}</h2>
            <p>
              {tRich(m.contactPrivacy, {
                privacyEmail: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>,
                securityEmail: <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a>,
              })}
            </p>
            <p>{tRich(m.contactSupport, { link: (chunks) => <Link to="/app/support">{chunks}</Link> })}</p>
          </section>
        </div>
      </div>
    </div>
  );
}
