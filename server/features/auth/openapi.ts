// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  acceptInviteSchema, impersonateSchema, loginSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema,
} from '../../../common/schemas/auth';
import type { ApiArea } from '../../http/apiDoc';

export const authApi: ApiArea = {
  tag: 'Sign-in and session',
  description: 'Sign in and out per area, registration, password reset, invites, impersonation.',
  operations: {
    'GET /api/auth/user': {
      summary: 'Who is signed in', who: 'signed in',
      answerText: 'The User: name, email, `security.permissions`, `security.roles`, `district.features`, date locale, timezone, buildings, impersonation state.', answerSchema: 'AuthUser',
    },
    'POST /api/auth/login': {
      summary: 'Sign in', who: 'guest', body: loginSchema, errors: [429],
      description: '`area` is `app` for district users, `admin` for provider staff; each is refused at the other login with a message naming the right page. Rotates the session id and sets the session cookie. '
        + '403 for a suspended district, and when a single sign-on connection of the district turns password sign-in off (the message names single sign-on; district administrators keep their password as a break-glass).',
      answerText: 'The User, as `GET /api/auth/user`.', answerSchema: 'AuthUser',
    },
    'POST /api/auth/logout': { summary: 'Sign out', who: 'anyone', answer: 'none', description: 'Ends the session at once.' },
    'POST /api/auth/register': {
      summary: 'Register a new district', who: 'guest', body: registerSchema, status: 201, errors: [429],
      description: 'A new district on a 30-day Essentials trial with its administrator, signed in. Its `language` (`en` or `es`; '
        + "default: the registering guest's, from the language cookie or Accept-Language) is its people's language until they "
        + 'choose their own, and the language its interaction types, skill framework, cycle stages and observation forms start in.',
      answerText: 'The new administrator, signed in (the User).', answerSchema: 'AuthUser',
    },
    'POST /api/auth/password-reset': {
      summary: 'Ask for a password reset link', who: 'guest', body: passwordResetRequestSchema, errors: [429],
      description: 'Emails a 60-minute single-use link; the same answer whether or not the email exists.',
      answerText: '`{ message }`.', answerSchema: 'Message',
    },
    'POST /api/auth/password-reset/confirm': {
      summary: 'Set a new password with a reset link', who: 'guest', body: passwordResetSchema, errors: [429],
      description: "Ends all the person's sessions.", answerText: '`{ message, area }`: the area to sign in at.', answerSchema: 'PasswordResetDone',
    },
    'GET /api/auth/invite/{token}': {
      summary: 'Read an invitation', who: 'guest', errors: [429], params: { token: 'The token from the invitation email.' },
      answerText: 'Who invited whom to which district.', answerSchema: 'InviteDetails',
    },
    'POST /api/auth/invite/{token}': {
      summary: 'Accept an invitation', who: 'guest', body: acceptInviteSchema, errors: [429], params: { token: 'The token from the invitation email.' },
      description: 'Sets name and password and signs in. Invites last 7 days and work once.', answerText: 'The User, signed in.', answerSchema: 'AuthUser',
    },
    'POST /api/auth/impersonate': {
      summary: 'Act as a district user', who: 'provider', permissions: [P.impersonate], body: impersonateSchema, errors: [404],
      description: 'The session keeps the real user apart; every request while impersonating is audited under both.',
      answerText: 'The User as seen while impersonating.', answerSchema: 'AuthUser',
    },
    'POST /api/auth/unimpersonate': { summary: 'Stop impersonating', who: 'signed in', answerText: 'The real User again.', answerSchema: 'AuthUser' },
  },
};
