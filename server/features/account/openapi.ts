// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { accountEmailSchema, accountPasswordSchema, accountPreferencesSchema, accountProfileSchema, confirmEmailChangeSchema } from '../../../common/schemas/account';
import type { ApiArea } from '../../http/apiDoc';

export const accountApi: ApiArea = {
  tag: 'Account settings',
  description: "One's own profile, email, password and email preferences.",
  operations: {
    'PUT /api/account/profile': { summary: 'Change my profile', who: 'signed in', body: accountProfileSchema, answerText: 'The User.', answerSchema: 'AuthUser' },
    'PUT /api/account/email': {
      summary: 'Change my email', who: 'signed in', body: accountEmailSchema, status: 202, errors: [403, 429],
      description: 'Needs the current password; refused while impersonating. Takes effect when the link sent to the new address is followed.',
      answerText: '`{ message, pending_email }`: check your inbox.', answerSchema: 'EmailChangeSent',
    },
    'POST /api/account/email/confirm': {
      summary: 'Confirm a new email', who: 'anyone', body: confirmEmailChangeSchema, errors: [429],
      description: 'The token from the confirmation email (24 hours, single use); ends every other session of the person.',
      answerText: '`{ message, email }`.', answerSchema: 'EmailChanged',
    },
    'PUT /api/account/password': {
      summary: 'Change my password', who: 'signed in', body: accountPasswordSchema, errors: [403, 429],
      description: 'Needs the current password; refused while impersonating; signs out every other session.', answerText: '`{ message }`.', answerSchema: 'Message',
    },
    'GET /api/account/preferences': {
      summary: 'My email preferences', who: 'district',
      description: '`action_step_digest`: the weekly email of my action steps (sent to educators on Monday mornings when a step is overdue or due within 7 days); true unless turned off.',
      answerText: '`{ action_step_digest }`.', answerSchema: 'AccountPreferences',
    },
    'PUT /api/account/preferences': {
      summary: 'Change my email preferences', who: 'district', body: accountPreferencesSchema,
      description: 'Turns the weekly action-step email on or off for the signed-in login; a change is audited (`account_preferences_updated`).',
      answerText: '`{ action_step_digest }`: the preferences now.', answerSchema: 'AccountPreferences',
    },
  },
};
