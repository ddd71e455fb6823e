import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../app/paths.ts';
import { ContactList } from './about-page.tsx';

const TOPICS = ['choose', 'design', 'order', 'pay', 'ship', 'account'] as const;

/** Help (spec §1 public pages): how the platform works, and whom to ask (site config contacts). */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <article className="sf-page" data-testid="store-help">
      <h1>{t('storefront.help.title')}</h1>
      <p className="sf-prose">{t('storefront.help.intro')}</p>
      {TOPICS.map((topic) => (
        <section key={topic} className="sf-faq">
          <h2>{t(`storefront.help.topics.${topic}.q`)}</h2>
          <p className="sf-prose">{t(`storefront.help.topics.${topic}.a`)}</p>
        </section>
      ))}
      <p>
        <Link to={PATHS.protocol}>{t('storefront.nav.protocol')}</Link>
      </p>
      <h2>{t('storefront.about.contactTitle')}</h2>
      <ContactList />
    </article>
  );
}
