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
import { defineMessages, t, tRich, tText } from '../../lib/i18n';

const m = defineMessages({
  grades: { id: 'users.grades', defaultMessage: 'Grades {band}' },
  savedRoles: { id: 'users.savedRoles', defaultMessage: '{name}\'s roles and schools have been saved.' },
  invited: { id: 'users.invited', defaultMessage: 'We emailed an invitation to {email}. The link works for 7 days.' },
  invitationSent: { id: 'users.invitationSent', defaultMessage: 'Invitation sent' },
  colName: { id: 'users.colName', defaultMessage: 'Name' },
  email: { id: 'users.email', defaultMessage: 'Email' },
  emailHint: { id: 'users.emailHint', defaultMessage: 'We send the invitation here, and they sign in with it.' },
  roles: { id: 'users.roles', defaultMessage: 'Roles' },
  rolesHint: { id: 'users.rolesHint', defaultMessage: 'Choose at least one. Someone who both coaches and leads a school can hold both roles.' },
  dropAdminTitle: { id: 'users.dropAdminTitle', defaultMessage: 'You are removing your own administrator role' },
  dropAdminBody: { id: 'users.dropAdminBody', defaultMessage: 'After saving you can no longer manage users, schools or billing. Another district administrator can give it back.' },
  schoolsLoadError: { id: 'users.schoolsLoadError', defaultMessage: 'An error occurred while fetching schools. Please try again later.' },
  loadingSchools: { id: 'users.loadingSchools', defaultMessage: 'Loading schools…' },
  noSchoolsTitle: { id: 'users.noSchoolsTitle', defaultMessage: 'Your district has no schools yet' },
  noSchoolsBody: { id: 'users.noSchoolsBody', defaultMessage: 'Principals and coaches work in schools. <link>Add your schools in Site settings</link> first.' },
  schools: { id: 'users.schools', defaultMessage: 'Schools' },
  schoolsHintRequired: { id: 'users.schoolsHintRequired', defaultMessage: 'Required for principals and coaches: they see educators and coaching in these schools.' },
  schoolsHintOptional: { id: 'users.schoolsHintOptional', defaultMessage: 'Optional for district administrators and educators.' },
  cancel: { id: 'users.cancel', defaultMessage: 'Cancel' },
  save: { id: 'users.save', defaultMessage: 'Save' },
  sendInvitation: { id: 'users.sendInvitation', defaultMessage: 'Send invitation' },
  noteSelf: { id: 'users.noteSelf', defaultMessage: 'This is you. Another district administrator can deactivate your login if needed.' },
  noteDisabled: { id: 'users.noteDisabled', defaultMessage: 'Deactivated: they cannot sign in. Reactivate to give them back the access below.' },
  noteInvited: { id: 'users.noteInvited', defaultMessage: 'They have not finished creating their account yet. Resend the invitation if the link got lost or expired.' },
  noteActive: { id: 'users.noteActive', defaultMessage: 'Deactivating signs them out on every device and blocks sign-in. Their coaching records stay.' },
  loadingUser: { id: 'users.loadingUser', defaultMessage: 'Loading user…' },
  notFoundTitle: { id: 'users.notFoundTitle', defaultMessage: 'User not found' },
  users: { id: 'users.users', defaultMessage: 'Users' },
  notFound: { id: 'users.notFound', defaultMessage: 'Not found' },
  uhOh: { id: 'users.uhOh', defaultMessage: 'Uh-oh.' },
  backToUsers: { id: 'users.backToUsers', defaultMessage: 'Back to users' },
  editTitle: { id: 'users.editTitle', defaultMessage: 'Edit {name}' },
  editIntroSelf: { id: 'users.editIntroSelf', defaultMessage: 'Choose what you can see and do in Coachwell. Changes take effect right away.' },
  editIntro: { id: 'users.editIntro', defaultMessage: 'Choose what {name} can see and do in Coachwell. Changes take effect right away.' },
  login: { id: 'users.login', defaultMessage: 'Login' },
  lastLogin: { id: 'users.lastLogin', defaultMessage: 'Last login' },
  nameRolesSchools: { id: 'users.nameRolesSchools', defaultMessage: 'Name, roles and schools' },
  invite: { id: 'users.invite', defaultMessage: 'Invite user' },
  inviteIntro: { id: 'users.inviteIntro', defaultMessage: 'We email them a link to set a password (or, when they already use Coachwell in another district, to move their login here). The link works once and expires in 7 days.' },
  invitation: { id: 'users.invitation', defaultMessage: 'Invitation' },
});

const LIST = '/app/settings/user';
const roleOptions = () => DISTRICT_ROLES.map((r) => ({ value: r, label: tText(ROLE_LABELS[r]), description: tText(ROLE_DESCRIPTIONS[r]) }));
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
    ...(schools.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name, description: b.grade_band ? t(m.grades, { band: b.grade_band }) : undefined })),
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
        toast.success(t(m.savedRoles, { name: saved.name }));
        navigate(LIST);
      });
    } else {
      const data = form.check(inviteUserSchema, { ...payload, email: form.values.email });
      if (!data) return;
      await form.run(async () => {
        const answer = await inviteUser(data);
        toast.success(t(m.invited, { email: answer.email }), t(m.invitationSent));
        navigate(LIST);
      });
    }
  });

  return (
    <form ref={form.formRef} className="form users-form" noValidate onSubmit={submit}>
      <FormError error={form.formError} />
      {user ? (
        <TextField label={t(m.colName)} autoComplete="off" className="users-form__name" required {...form.field('name')} />
      ) : (
        <div className="grid-2">
          <TextField label={t(m.colName)} autoComplete="off" required {...form.field('name')} />
          <TextField
            label={t(m.email)}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            hint={t(m.emailHint)}
            required
            {...form.field('email')}
          />
        </div>
      )}
      <CheckboxGroup
        legend={t(m.roles)}
        name="roles"
        options={roleOptions()}
        value={roles}
        onChange={(v) => form.set('roles', v.join(','))}
        required
        hint={t(m.rolesHint)}
        error={form.errors.roles}
        columns={2}
        variant="cards"
      />
      {droppingOwnAdmin && (
        <Alert tone="warning" title={t(m.dropAdminTitle)}>
          <p>{t(m.dropAdminBody)}</p>
        </Alert>
      )}
      {schools.error && !schools.data ? (
        <LoadError message={t(m.schoolsLoadError)} onRetry={() => void schools.mutate()} />
      ) : !schools.data ? (
        <LoadingBlock label={t(m.loadingSchools)} />
      ) : schoolOptions.length === 0 ? (
        <Alert tone="info" title={t(m.noSchoolsTitle)}>
          <p>
            {tRich(m.noSchoolsBody, { link: (chunks) => <Link to="/app/settings/site">{chunks}</Link> })}
          </p>
        </Alert>
      ) : (
        <CheckboxGroup
          legend={t(m.schools)}
          name="building_ids"
          options={schoolOptions}
          value={list(form.values.building_ids)}
          onChange={(v) => form.set('building_ids', v.join(','))}
          required={needsSchools}
          hint={needsSchools ? t(m.schoolsHintRequired) : t(m.schoolsHintOptional)}
          error={form.errors.building_ids}
          columns={2}
        variant="cards"
        />
      )}
      <div className="form-actions users-form__actions">
        <ButtonLink to={LIST} variant="secondary">{t(m.cancel)}</ButtonLink>
        <Button type="submit" busy={form.busy}>{user ? t(m.save) : t(m.sendInvitation)}</Button>
      </div>
    </form>
  );
}

function accessNote(user: DistrictUser, isSelf: boolean): string {
  if (isSelf) return t(m.noteSelf);
  if (user.status === 'disabled') return t(m.noteDisabled);
  if (user.status === 'invited') return t(m.noteInvited);
  return t(m.noteActive);
}

function EditUser({ id, me }: { id: number; me: AuthUser | null }) {
  const { data: user, error, isLoading } = useUser(id);
  const locale = useDateLocale();
  if (isLoading && !user) return <LoadingBlock label={t(m.loadingUser)} />;
  if (error || !user) {
    return (
      <div className="stack stack--lg users-page">
        <PageHeader title={t(m.notFoundTitle)} breadcrumbs={[{ label: t(m.users), to: LIST }, { label: t(m.notFound) }]} />
        <Alert tone="danger" title={t(m.uhOh)}>
          <p>{error?.status === 404 ? tText(USER_MESSAGES.notFound) : error?.message ?? tText(USER_MESSAGES.notFound)}</p>
          <p><Link to={LIST}>{t(m.backToUsers)}</Link></p>
        </Alert>
      </div>
    );
  }
  const isSelf = user.id === me?.id;
  return (
    <div className="stack stack--lg users-page users-edit">
      <PageHeader
        title={t(m.editTitle, { name: user.name })}
        breadcrumbs={[{ label: t(m.users), to: LIST }, { label: user.name }]}
        description={<p>{isSelf ? t(m.editIntroSelf) : t(m.editIntro, { name: user.name })}</p>}
      />
      <section className="card users-summary" aria-labelledby="users-access">
        <div className="cluster cluster--between users-summary__row">
          <h2 id="users-access" className="card__title">{t(m.login)}</h2>
          <UserStatus user={user} />
        </div>
        <dl className="dl users-summary__dl">
          <dt>{t(m.email)}</dt>
          <dd>{user.email}</dd>
          <dt>{t(m.lastLogin)}</dt>
          <dd><LastLogin value={user.last_login_at} locale={locale} /></dd>
        </dl>
        <p className="muted text-sm users-summary__note">{accessNote(user, isSelf)}</p>
        <UserActions user={user} isSelf={isSelf} size="sm" />
      </section>
      <section className="card" aria-labelledby="users-roles">
        <h2 id="users-roles" className="card__title users-card-title">{t(m.nameRolesSchools)}</h2>
        <UserForm key={user.id} user={user} me={me} />
      </section>
    </div>
  );
}

function NewUser({ me }: { me: AuthUser | null }) {
  return (
    <div className="stack stack--lg users-page users-edit">
      <PageHeader
        title={t(m.invite)}
        breadcrumbs={[{ label: t(m.users), to: LIST }, { label: t(m.invite) }]}
        description={<p>{t(m.inviteIntro)}</p>}
      />
      <section className="card" aria-label={t(m.invitation)}>
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
