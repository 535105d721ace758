// The email an observed educator gets when an observation is shared with them (issue 33: in their language). No
// observation content: only who shared it and a link to sign in and read it.
import type { Locale } from '../../../../common/locales';
import { defineServerMessages, formatServer } from '../../../i18n/messages';
import { actionEmail, type Mail } from '../../../lib/mailer';

const m = defineServerMessages({
  subject: { id: 'observations.shared.subject', defaultMessage: '{writer} shared an observation with you' },
  intro: { id: 'observations.shared.intro', defaultMessage: '{writer} shared the notes from a classroom observation with you in Coachwell.' },
  action: { id: 'observations.shared.action', defaultMessage: 'Read the observation' },
  outro: { id: 'observations.shared.outro', defaultMessage: 'You can read it, and answer with a reflection, after signing in.' },
});

export function observationSharedEmail(locale: Locale, input: { to: string; writer: string; link: string }): Mail {
  return actionEmail({
    locale,
    to: input.to,
    subject: formatServer(locale, m.subject, { writer: input.writer }),
    intro: formatServer(locale, m.intro, { writer: input.writer }),
    action: formatServer(locale, m.action),
    link: input.link,
    outro: formatServer(locale, m.outro),
  });
}
