// Ask for coaching (/app/coaching-requests, issue 29 item 4): an educator asks their coach for support (topic,
// message, the times that suit) and follows where each request stands: waiting with their coach (or their
// school's coaches when they have none), passed on, a session scheduled, or withdrawn. They may withdraw one
// while it waits. Anyone else reads what the screen is for and where their own queue is (their dashboard).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  COACHING_REQUEST_MESSAGE_MAX, COACHING_REQUEST_TIMES_MAX, COACHING_REQUEST_TOPIC_MAX, COACHING_REQUESTS_PER_DAY,
} from '../../../common/coachingRequestValues';
import { PERMISSIONS, permissionScope } from '../../../common/permissions';
import type { ScreenProps } from '../../app/routeTable';
import { routeTitle } from '../../app/routeTitles';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CoachingRequestItem } from '../../components/CoachingRequestItem';
import { EmptyState } from '../../components/EmptyState';
import { TextAreaField, TextField } from '../../components/Field';
import { Form } from '../../components/Form';
import { LoadError } from '../../components/LoadError';
import { ConfirmDialog } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { type CoachingRequest, coachingRequestApi, useCoachingRequests } from '../../lib/coachingRequests';
import { useFormErrors } from '../../lib/forms';
import { defineMessages, t, tRich } from '../../lib/i18n';
import { useAuthUser } from '../../lib/session';

const m = defineMessages({
  yourCoach: { id: 'coachingRequests.yourCoach', defaultMessage: 'your coach' },
  sentToast: { id: 'coachingRequests.sentToast', defaultMessage: 'Your request is with {to}. You will see here when a session is scheduled.' },
  sentTitle: { id: 'coachingRequests.sentTitle', defaultMessage: 'Request sent' },
  newRequest: { id: 'coachingRequests.newRequest', defaultMessage: 'New request' },
  newRequestIntro: { id: 'coachingRequests.newRequestIntro', defaultMessage: 'Your request goes to your coach, or to your school\'s coaches if you have none. They see your message; an email tells them the topic only. Up to {perDay} a day.' },
  sendRequest: { id: 'coachingRequests.sendRequest', defaultMessage: 'Send request' },
  topic: { id: 'coachingRequests.topic', defaultMessage: 'Topic' },
  topicHint: { id: 'coachingRequests.topicHint', defaultMessage: 'A few words, for example “Checking for understanding in math”.' },
  message: { id: 'coachingRequests.message', defaultMessage: 'Message' },
  messageHint: { id: 'coachingRequests.messageHint', defaultMessage: 'What is happening, and what would help.' },
  times: { id: 'coachingRequests.times', defaultMessage: 'Times that suit' },
  timesHint: { id: 'coachingRequests.timesHint', defaultMessage: 'Optional: for example “Tuesdays after 2:45 pm, or Wednesday mornings”.' },
  withdrawnToast: { id: 'coachingRequests.withdrawnToast', defaultMessage: '“{topic}” is withdrawn.' },
  withdrawFailed: { id: 'coachingRequests.withdrawFailed', defaultMessage: 'The request could not be withdrawn. Please try again.' },
  yourRequests: { id: 'coachingRequests.yourRequests', defaultMessage: 'Your requests' },
  yourRequestsIntro: { id: 'coachingRequests.yourRequestsIntro', defaultMessage: 'Newest first, with where each one stands.' },
  loadError: { id: 'coachingRequests.loadError', defaultMessage: 'An error occurred while fetching your requests. Please try again later.' },
  loading: { id: 'coachingRequests.loading', defaultMessage: 'Loading your requests…' },
  emptyTitle: { id: 'coachingRequests.emptyTitle', defaultMessage: 'No requests yet' },
  emptyBody: { id: 'coachingRequests.emptyBody', defaultMessage: 'When you ask for coaching, your request shows here until a session is scheduled.' },
  withdraw: { id: 'coachingRequests.withdraw', defaultMessage: 'Withdraw' },
  withdrawNamed: { id: 'coachingRequests.withdrawNamed', defaultMessage: 'Withdraw “{topic}”' },
  confirmTitle: { id: 'coachingRequests.confirmTitle', defaultMessage: 'Withdraw this request?' },
  confirmBody: { id: 'coachingRequests.confirmBody', defaultMessage: 'Your coaches will no longer see “{topic}” in their queue. You can ask again at any time.' },
  confirmLabel: { id: 'coachingRequests.confirmLabel', defaultMessage: 'Withdraw request' },
  description: { id: 'coachingRequests.description', defaultMessage: 'Ask your coach for support, and see where each request stands.' },
  notEducatorTitle: { id: 'coachingRequests.notEducatorTitle', defaultMessage: 'Asking for coaching is for educators' },
  notEducatorBody: { id: 'coachingRequests.notEducatorBody', defaultMessage: 'Educators ask their coach for support here. Requests waiting for you are on <link>your dashboard</link>.' },
  impersonatingTitle: { id: 'coachingRequests.impersonatingTitle', defaultMessage: 'You are impersonating this person' },
  impersonatingBody: { id: 'coachingRequests.impersonatingBody', defaultMessage: 'A request cannot be sent in their name; you can read their requests.' },
});

const EMPTY = { topic: '', message: '', preferred_times: '' };

function AskForm() {
  const toast = useToast();
  const form = useFormErrors(EMPTY);
  const submit = form.onSubmit(async () => {
    await form.run(async () => {
      const made = await coachingRequestApi.ask(form.values);
      form.setValues(EMPTY);
      const to = made.holders.map((h) => h.name).join(', ');
      toast.success(t(m.sentToast, { to: to || t(m.yourCoach) }), t(m.sentTitle));
    });
  });
  return (
    <Card
      titleId="ask-title"
      title={t(m.newRequest)}
      intro={t(m.newRequestIntro, { perDay: COACHING_REQUESTS_PER_DAY })}
    >
      <Form form={form} onSubmit={submit} submitLabel={t(m.sendRequest)}>
        <TextField label={t(m.topic)} required maxLength={COACHING_REQUEST_TOPIC_MAX} autoComplete="off"
          hint={t(m.topicHint)} {...form.field('topic')} />
        <TextAreaField label={t(m.message)} required rows={5} maxLength={COACHING_REQUEST_MESSAGE_MAX}
          hint={t(m.messageHint)} {...form.field('message')} />
        <TextField label={t(m.times)} maxLength={COACHING_REQUEST_TIMES_MAX} autoComplete="off"
          hint={t(m.timesHint)} {...form.field('preferred_times')} />
      </Form>
    </Card>
  );
}

function MyRequests() {
  const toast = useToast();
  const { data, error, isLoading, mutate } = useCoachingRequests({});
  const [withdrawing, setWithdrawing] = useState<CoachingRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!withdrawing) return;
    setBusy(true);
    try {
      await coachingRequestApi.withdraw(withdrawing.id);
      toast.success(t(m.withdrawnToast, { topic: withdrawing.topic }));
      setWithdrawing(null);
    } catch {
      toast.error(t(m.withdrawFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card titleId="my-requests-title" title={t(m.yourRequests)} intro={t(m.yourRequestsIntro)}>
      {error && !data ? <LoadError message={t(m.loadError)} onRetry={() => void mutate()} />
        : isLoading || !data ? <LoadingBlock label={t(m.loading)} />
          : data.data.length === 0 ? (
            <EmptyState title={t(m.emptyTitle)} headingLevel={3}>
              <p>{t(m.emptyBody)}</p>
            </EmptyState>
          ) : (
            <ul className="item-list stack stack--sm cr-entries" aria-labelledby="my-requests-title">
              {data.data.map((r) => (
                <CoachingRequestItem
                  key={r.id}
                  request={r}
                  actions={r.can.withdraw ? (
                    <Button variant="secondary" size="sm" onClick={() => setWithdrawing(r)} aria-label={t(m.withdrawNamed, { topic: r.topic })}>{t(m.withdraw)}</Button>
                  ) : null}
                />
              ))}
            </ul>
          )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t(m.confirmTitle)}
        message={<p>{t(m.confirmBody, { topic: withdrawing?.topic ?? '' })}</p>}
        confirmLabel={t(m.confirmLabel)}
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setWithdrawing(null)}
      />
    </Card>
  );
}

export default function CoachingRequestsScreen({ route }: ScreenProps) {
  const { user } = useAuthUser();
  if (!user) return <LoadingBlock />;
  const educator = permissionScope(user.security.permissions, PERMISSIONS.seeEducators) === 'self';
  return (
    <div className="stack stack--lg">
      <PageHeader title={routeTitle(route)} description={<p>{t(m.description)}</p>} />
      {!educator ? (
        <Alert tone="info" title={t(m.notEducatorTitle)}>
          <p>{tRich(m.notEducatorBody, { link: (chunks) => <Link to="/app">{chunks}</Link> })}</p>
        </Alert>
      ) : (
        <>
          {user.impersonating && (
            <Alert tone="warning" title={t(m.impersonatingTitle)}>
              <p>{t(m.impersonatingBody)}</p>
            </Alert>
          )}
          <div className="split">
            <AskForm />
            <MyRequests />
          </div>
        </>
      )}
    </div>
  );
}
