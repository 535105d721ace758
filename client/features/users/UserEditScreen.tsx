// Invite user (/app/settings/user/new) and Edit user (/app/settings/user/:id): name, email (new
// only), roles and schools. Inviting an email that already signs in elsewhere starts a move instead.
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AuthUser } from '../../../common/authUser';
import {
  DISTRICT_ROLES, type DistrictRole, type DistrictUser, inviteUserSchema, ROLE_DESCRIPTIONS, ROLE_LABELS, rolesNeedBuildings,
  updateUserSchema, USER_MESSAGES,
} from '../../../common/schemas/users';
import type { ScreenProps } from '../../app/routeTable';
import { LoadError } from '../../components/LoadError';
import { Alert } from '../../components/Alert';
import { Button, ButtonLink } from '../../components/Button';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { FormError, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { LoadingBlock } from '../../components/Spinner';
import { useToast } from '../../components/Toasts';
import { useBuildings } from '../../lib/lookups';
import { useAuthUser, useDateLocale } from '../../lib/session';
import { useFormErrors } from '../../lib/forms';
import { inviteUser, updateUser, useUser } from './api';
import { LastLogin } from './components/LastLogin';
import { UserActions } from './components/UserActions';
import { UserStatus } from '../../components/UserStatus';

const LIST = '/app/settings/user';
const ROLE_OPTIONS = DISTRICT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r], description: ROLE_DESCRIPTIONS[r] }));
const list = (csv: string) => (csv ? csv.split(',') : []);

type Values = { name: string; email: string; roles: string; building_ids: string };

function UserForm({ user, me }: { user: DistrictUser | null; me: AuthUser | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const schools = useBuildings();
  const form = useFormErrors<Values>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    roles: (user?.roles.map((r) => r.name) ?? []).join(','),
    building_ids: (user?.buildings.map((b) => String(b.id)) ?? []).join(','),
  });
  const roles = list(form.values.roles);
  const needsSchools = rolesNeedBuildings(roles);
  const isSelf = user !== null && user.id === me?.id;
  const droppingOwnAdmin = isSelf && user.roles.some((r) => r.name === 'district-admin') && !roles.includes('district-admin');

  // Schools the user already has stay listed even when archived meanwhile, so saving never drops one silently.
  const schoolOptions = [
    ...(schools.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name, description: b.grade_band ? `Grades ${b.grade_band}` : undefined })),
    ...(user?.buildings ?? []).filter((b) => !schools.data?.data.some((s) => s.id === b.id)).map((b) => ({ value: String(b.id), label: b.name })),
  ];

  const submit = form.onSubmit(async () => {
    const payload = {
      name: form.values.name,
      roles: roles as DistrictRole[],
      building_ids: list(form.values.building_ids).map(Number),
    };
    if (user) {
      const data = form.check(updateUserSchema, payload);
      if (!data) return;
      await form.run(async () => {
        const saved = await updateUser(user.id, data);
        toast.success(`${saved.name}'s roles and schools have been saved.`);
        navigate(LIST);
      });
    } else {
      const data = form.check(inviteUserSchema, { ...payload, email: form.values.email });
      if (!data) return;
      await form.run(async () => {
        const answer = await inviteUser(data);
        toast.success(`We emailed an invitation to ${answer.email}. The link works for 7 days.`, 'Invitation sent');
        navigate(LIST);
      });
    }
  });

  return (
    <form ref={form.formRef} className="form users-form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      {user ? (
        <TextField label="Name" autoComplete="off" className="users-form__name" required {...form.field('name')} />
      ) : (
        <div className="grid-2">
          <TextField label="Name" autoComplete="off" required {...form.field('name')} />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            hint="We send the invitation here, and they sign in with it."
            required
            {...form.field('email')}
          />
        </div>
      )}
      <CheckboxGroup
        legend="Roles"
        name="roles"
        options={ROLE_OPTIONS}
        value={roles}
        onChange={(v) => form.set('roles', v.join(','))}
        required
        hint="Choose at least one. Someone who both coaches and leads a school can hold both roles."
        error={form.errors.roles}
        columns={2}
        variant="cards"
      />
      {droppingOwnAdmin && (
        <Alert tone="warning" title="You are removing your own administrator role">
          <p>After saving you can no longer manage users, schools or billing. Another district administrator can give it back.</p>
        </Alert>
      )}
      {schools.error && !schools.data ? (
        <LoadError what="schools" onRetry={() => void schools.mutate()} />
      ) : !schools.data ? (
        <LoadingBlock label="Loading schools…" />
      ) : schoolOptions.length === 0 ? (
        <Alert tone="info" title="Your district has no schools yet">
          <p>
            Principals and coaches work in schools. <Link to="/app/settings/site">Add your schools in Site settings</Link> first.
          </p>
        </Alert>
      ) : (
        <CheckboxGroup
          legend="Schools"
          name="building_ids"
          options={schoolOptions}
          value={list(form.values.building_ids)}
          onChange={(v) => form.set('building_ids', v.join(','))}
          required={needsSchools}
          hint={needsSchools ? 'Required for principals and coaches: they see educators and coaching in these schools.' : 'Optional for district administrators and educators.'}
          error={form.errors.building_ids}
          columns={2}
        variant="cards"
        />
      )}
      <div className="form-actions users-form__actions">
        <ButtonLink to={LIST} variant="secondary">Cancel</ButtonLink>
        <Button type="submit" busy={form.busy}>{user ? 'Save' : 'Send invitation'}</Button>
      </div>
    </form>
  );
}

function accessNote(user: DistrictUser, isSelf: boolean): string {
  if (isSelf) return 'This is you. Another district administrator can deactivate your login if needed.';
  if (user.status === 'disabled') return 'Deactivated: they cannot sign in. Reactivate to give them back the access below.';
  if (user.status === 'invited') return 'They have not finished creating their account yet. Resend the invitation if the link got lost or expired.';
  return 'Deactivating signs them out on every device and blocks sign-in. Their coaching records stay.';
}

function EditUser({ id, me }: { id: number; me: AuthUser | null }) {
  const { data: user, error, isLoading } = useUser(id);
  const locale = useDateLocale();
  if (isLoading && !user) return <LoadingBlock label="Loading user…" />;
  if (error || !user) {
    return (
      <div className="stack stack--lg users-page">
        <PageHeader title="User not found" breadcrumbs={[{ label: 'Users', to: LIST }, { label: 'Not found' }]} />
        <Alert tone="danger" title="Uh-oh.">
          <p>{error?.status === 404 ? USER_MESSAGES.notFound : error?.message ?? USER_MESSAGES.notFound}</p>
          <p><Link to={LIST}>Back to users</Link></p>
        </Alert>
      </div>
    );
  }
  const isSelf = user.id === me?.id;
  return (
    <div className="stack stack--lg users-page users-edit">
      <PageHeader
        title={`Edit ${user.name}`}
        breadcrumbs={[{ label: 'Users', to: LIST }, { label: user.name }]}
        description={<p>Choose what {isSelf ? 'you' : user.name} can see and do in Coachwell. Changes take effect right away.</p>}
      />
      <section className="card users-summary" aria-labelledby="users-access">
        <div className="cluster cluster--between users-summary__row">
          <h2 id="users-access" className="card__title">Login</h2>
          <UserStatus user={user} />
        </div>
        <dl className="dl users-summary__dl">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Last login</dt>
          <dd><LastLogin value={user.last_login_at} locale={locale} /></dd>
        </dl>
        <p className="muted text-sm users-summary__note">{accessNote(user, isSelf)}</p>
        <UserActions user={user} isSelf={isSelf} size="sm" />
      </section>
      <section className="card" aria-labelledby="users-roles">
        <h2 id="users-roles" className="card__title users-card-title">Name, roles and schools</h2>
        <UserForm key={user.id} user={user} me={me} />
      </section>
    </div>
  );
}

function NewUser({ me }: { me: AuthUser | null }) {
  return (
    <div className="stack stack--lg users-page users-edit">
      <PageHeader
        title="Invite user"
        breadcrumbs={[{ label: 'Users', to: LIST }, { label: 'Invite user' }]}
        description={<p>We email them a link to set a password (or, when they already use Coachwell in another district, to move their login here). The link works once and expires in 7 days.</p>}
      />
      <section className="card" aria-label="Invitation">
        <UserForm user={null} me={me} />
      </section>
    </div>
  );
}

export default function UserEditScreen({ route }: ScreenProps) {
  const { user: me } = useAuthUser();
  const params = useParams();
  if (route.path.endsWith('/new')) return <NewUser me={me} />;
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) return <EditUser id={-1} me={me} />;
  return <EditUser id={id} me={me} />;
}
