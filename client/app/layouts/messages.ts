// Words more than one layout shows (issue 33).
import { defineMessages } from '../../lib/i18n';

export const layoutMessages = defineMessages({
  skipToContent: { id: 'app.layout.skipToContent', defaultMessage: 'Skip to content' },
  privacyAndTerms: { id: 'app.layout.privacyAndTerms', defaultMessage: 'Privacy & terms' },
  signIn: { id: 'app.layout.signIn', defaultMessage: 'Sign in' },
  coachwellStaff: { id: 'app.layout.coachwellStaff', defaultMessage: 'Coachwell staff' },
  pricing: { id: 'app.layout.pricing', defaultMessage: 'Pricing' },
});
