// A list of articles as links (most viewed, related, a category's articles).
import { Link } from 'react-router-dom';
import type { ArticleResult } from '../../../../common/schemas/articles';
import { articleCategoryLabel } from '../../../lib/articleLabels';
import { currentLocale } from '../../../lib/i18n';

/** An article's `lang` where its text is not in the page's language (an English article for a Spanish reader). */
export const langOf = (article: { locale: string }) => (article.locale !== currentLocale() ? article.locale : undefined);

export function ArticleLinks({ articles, showCategory = false }: { articles: ArticleResult[]; showCategory?: boolean }) {
  return (
    <ul className="support-links">
      {articles.map((a) => (
        <li key={a.id}>
          <Link to={`/app/support/${a.slug}`} lang={langOf(a)}>{a.title}</Link>
          {showCategory && <span className="support-links__meta">{articleCategoryLabel(a.category)}</span>}
        </li>
      ))}
    </ul>
  );
}
