// The User shape answered by GET /api/auth/user (spec §3), shared by server presenter and client.
import type { Locale } from './locales';
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  date_locale: string;
  /** The interface language (issue 33): the person's own choice, else their district's, else English. */
  locale: Locale;
  timezone: string;
  /** 'admin' for the provider's own staff, 'app' for district users. */
  area: 'app' | 'admin';
  last_login_at: string | null;
  district: {
    id: number;
    name: string;
    state: string;
    timezone: string;
    status: 'trial' | 'active' | 'suspended';
    trial_ends_at: string | null;
    plan: { key: string; name: string };
    features: string[];
    /** Site settings `educator_read_log_visible`: educators see who has read about them (the menu shows the entry). */
    educator_read_log_visible: boolean;
  } | null;
  security: { permissions: string[]; roles: string[] };
  buildings: { id: number; name: string }[];
  impersonating: boolean;
  impersonator: { id: number; name: string; email: string } | null;
}
