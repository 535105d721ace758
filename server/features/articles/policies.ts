// Who may read and write help articles. The admin API (/api/admin/article) is for provider staff with
// `manage articles` (provider-admin and provider-support); district users, and provider staff while
// impersonating one, get 403; guests 401. The reader API (/api/article) is for any signed-in person:
// district users read the published articles written for one of their roles (or for everyone), provider
// staff every published article.
import type { Request } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import { ARTICLE_MESSAGES } from '../../../common/schemas/articles';
import { requireAuth, requireProviderStaff } from '../../access/guards';
import type { Actor } from '../../lib/audit';

/** Provider staff with `manage articles`, not impersonating: the actor of the article commands. */
export function articleManager(req: Request): Actor {
  requireProviderStaff(req, PERMISSIONS.manageArticles, ARTICLE_MESSAGES.providerOnly);
  return req.actor;
}

/** Who reads the knowledge base. */
export interface ArticleReader {
  userId: number;
  /** The caller's district roles an article's audience must include; null = every audience (provider staff). */
  roles: string[] | null;
  /** Whether a view counts (district users themselves, not provider staff or an impersonated session). */
  countsViews: boolean;
}

/** Any signed-in person (401 for guests). */
export function articleReader(req: Request): ArticleReader {
  const auth = requireAuth(req);
  const provider = auth.user.district_id === null;
  return { userId: auth.user.id, roles: provider ? null : [...auth.roles], countsViews: !provider && !auth.impersonator };
}
