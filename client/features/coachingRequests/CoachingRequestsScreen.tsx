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
import { useAuthUser } from '../../lib/session';

const EMPTY = { topic: '', message: '', preferred_times: '' };

function AskForm() {
  const toast = useToast();
  const form = useFormErrors(EMPTY);
  const submit = form.onSubmit(async () => {
    await form.run(async () => {
      const made = await coachingRequestApi.ask(form.values);
      form.setValues(EMPTY);
      const to = made.holders.map((h) => h.name).join(', ');
      toast.success(`Your request is with ${to || 'your coach'}. You will see here when a session is scheduled.`, 'Request sent');
    });
  });
  return (
    <Card
      titleId="ask-title"
      title="New request"
      intro={`Your request goes to your coach, or to your school's coaches if you have none. They see your message; an email tells them the topic only. Up to ${COACHING_REQUESTS_PER_DAY} a day.`}
    >
      <Form form={form} onSubmit={submit} submitLabel="Send request">
        <TextField label="Topic" required maxLength={COACHING_REQUEST_TOPIC_MAX} autoComplete="off"
          hint="A few words, for example “Checking for understanding in math”." {...form.field('topic')} />
        <TextAreaField label="Message" required rows={5} maxLength={COACHING_REQUEST_MESSAGE_MAX}
          hint="What is happening, and what would help." {...form.field('message')} />
        <TextField label="Times that suit" maxLength={COACHING_REQUEST_TIMES_MAX} autoComplete="off"
          hint="Optional: for example “Tuesdays after 2:45 pm, or Wednesday mornings”." {...form.field('preferred_times')} />
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
      toast.success(`“${withdrawing.topic}” is withdrawn.`);
      setWithdrawing(null);
    } catch {
      toast.error('The request could not be withdrawn. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card titleId="my-requests-title" title="Your requests" intro="Newest first, with where each one stands.">
      {error && !data ? <LoadError what="your requests" onRetry={() => void mutate()} />
        : isLoading || !data ? <LoadingBlock label="Loading your requests…" />
          : data.data.length === 0 ? (
            <EmptyState title="No requests yet" headingLevel={3}>
              <p>When you ask for coaching, your request shows here until a session is scheduled.</p>
            </EmptyState>
          ) : (
            <ul className="item-list stack stack--sm cr-entries" aria-labelledby="my-requests-title">
              {data.data.map((r) => (
                <CoachingRequestItem
                  key={r.id}
                  request={r}
                  actions={r.can.withdraw ? (
                    <Button variant="secondary" size="sm" onClick={() => setWithdrawing(r)} aria-label={`Withdraw “${r.topic}”`}>Withdraw</Button>
                  ) : null}
                />
              ))}
            </ul>
          )}
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this request?"
        message={<p>Your coaches will no longer see “{withdrawing?.topic}” in their queue. You can ask again at any time.</p>}
        confirmLabel="Withdraw request"
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
      <PageHeader title={route.title} description={<p>Ask your coach for support, and see where each request stands.</p>} />
      {!educator ? (
        <Alert tone="info" title="Asking for coaching is for educators">
          <p>Educators ask their coach for support here. Requests waiting for you are on <Link to="/app">your dashboard</Link>.</p>
        </Alert>
      ) : (
        <>
          {user.impersonating && (
            <Alert tone="warning" title="You are impersonating this person">
              <p>A request cannot be sent in their name; you can read their requests.</p>
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
