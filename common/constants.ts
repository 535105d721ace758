// Business constants of the product spec (§9) in one place, shared by server and client.

export const PRODUCT_NAME = 'Coachwell';
export const API_BASE = '/api';
/** Automatic auth refresh is disabled: no client ever calls auth/refresh. */
export const AUTH_REFRESH_ENABLED = false;

export const READ_MORE_LENGTH = 100;
export const TOOLTIP_DISPOSE_MS = 5000;
export const TOOLTIP_TRIGGER = ['hover', 'focus'] as const;
export const POPOVER_TRIGGER = ['click'] as const;
export const TOUCH_CLOSE_TOLERANCE_PX = 20;
export const CURRENCY = 'USD';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 3000;
export const TOAST_SPEED_MS = 300;
export const PAGER_RANGE = 3;
export const ERROR_ALERT_TITLE = 'Uh-oh.';

export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const INVITE_TTL_DAYS = 7;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const TRIAL_DAYS = 30;
/** The trial banner's quieter notice shows from this many days before a trial ends (to `manage billing`). */
export const TRIAL_NOTICE_DAYS = 7;
export const PASSWORD_MIN_LENGTH = 10;
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;
/** A confirmation link sent to a new email address (Account Settings) works this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/**
 * Email that people can make Coachwell send (security finding 2). Invitations and account-migration
 * offers count together as "invitation emails"; a resend counts too. Windows are rolling per limiter
 * window (hour or day). Exceeding any answers 429 and sends nothing.
 */
export const EMAIL_LIMITS = {
  /** Invitation emails one district user may trigger per hour. */
  invitesPerUserPerHour: 30,
  /** Invitation emails one district may trigger per day. */
  invitesPerDistrictPerDay: 200,
  /** Resends of one person's invitation per day. */
  resendsPerPersonPerDay: 3,
  /** People a trial district may invite during its first 24 hours. */
  trialFirstDayPeople: 10,
  /** Districts registered from one client address per day. */
  registrationsPerAddressPerDay: 5,
  /** Email-change confirmations one login may ask for per day. */
  emailChangesPerUserPerDay: 5,
} as const;

/** Date display languages offered to users; keys are date-fns locale names. */
export const DATE_LOCALES = {
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  es: 'Español',
  fr: 'Français',
  'fr-CA': 'Français (Canada)',
  de: 'Deutsch',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  vi: 'Tiếng Việt',
  'zh-CN': '中文 (简体)',
  'zh-TW': '中文 (繁體)',
  ko: '한국어',
  ja: '日本語',
  ar: 'العربية',
  ru: 'Русский',
  ht: 'Kreyòl ayisyen',
  tl: 'Tagalog',
} as const;
export type DateLocale = keyof typeof DATE_LOCALES;
export const DEFAULT_DATE_LOCALE: DateLocale = 'en-US';

export const US_TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'Pacific/Guam',
  'UTC',
] as const;

export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky',
  LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota',
  OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', PR: 'Puerto Rico', RI: 'Rhode Island',
  SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
  VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};
