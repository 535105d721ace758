// The knowledge base's words on screen (issue 33): category names, the roles an article is written for and the
// audience summary, as messages keyed by their code. common/schemas/articles.ts keeps the English (the server's
// answers and the tests use it); these show it in the reader's language on the admin Articles screens and Support.
import type { ArticleAudience, ArticleRole } from '../../common/schemas/articles';
import { ARTICLE_ROLES } from '../../common/schemas/articles';
import { defineMessages, t } from './i18n';

const categories = defineMessages({
  'getting-started': { id: 'articles.category.gettingStarted', defaultMessage: 'Getting started' },
  'educators-groups': { id: 'articles.category.educatorsGroups', defaultMessage: 'Educators and groups' },
  'interactions-activity': { id: 'articles.category.interactionsActivity', defaultMessage: 'Interactions and activity' },
  'cycles-skills': { id: 'articles.category.cyclesSkills', defaultMessage: 'Coaching cycles and skills' },
  reports: { id: 'articles.category.reports', defaultMessage: 'Reports' },
  'import-export': { id: 'articles.category.importExport', defaultMessage: 'Import and export' },
  'billing-plans': { id: 'articles.category.billingPlans', defaultMessage: 'Billing and plans' },
  'account-security': { id: 'articles.category.accountSecurity', defaultMessage: 'Account and security' },
});

const roles = defineMessages({
  'district-admin': { id: 'articles.role.districtAdmin', defaultMessage: 'District administrator' },
  'building-admin': { id: 'articles.role.buildingAdmin', defaultMessage: 'Principal (building administrator)' },
  coach: { id: 'articles.role.coach', defaultMessage: 'Coach' },
  educator: { id: 'articles.role.educator', defaultMessage: 'Educator' },
});

const roleGroups = defineMessages({
  'district-admin': { id: 'articles.roleGroup.districtAdmin', defaultMessage: 'District administrators' },
  'building-admin': { id: 'articles.roleGroup.buildingAdmin', defaultMessage: 'Principals' },
  coach: { id: 'articles.roleGroup.coach', defaultMessage: 'Coaches' },
  educator: { id: 'articles.roleGroup.educator', defaultMessage: 'Educators' },
});

const m = defineMessages({
  everyone: { id: 'articles.audience.everyone', defaultMessage: 'Every district user' },
});

/** A category's name ("Getting started"); the key itself for one the list does not have. */
export function articleCategoryLabel(key: string): string {
  const message = (categories as Record<string, (typeof categories)[keyof typeof categories]>)[key];
  return message ? t(message) : key;
}

/** A role an article can be written for ("Coach"). */
export function articleRoleLabel(role: ArticleRole): string {
  return t(roles[role]);
}

/** Who an article is for: "Every district user", or its roles ("Principals, Coaches"). */
export function articleAudienceLabel(audience: ArticleAudience, chosen: readonly ArticleRole[]): string {
  return audience === 'all' ? t(m.everyone) : ARTICLE_ROLES.filter((r) => chosen.includes(r)).map((r) => t(roleGroups[r])).join(', ');
}
