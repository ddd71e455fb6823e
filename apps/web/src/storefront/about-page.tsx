import { useTranslation } from 'react-i18next';
import { useSite } from '../features/site/site-context.ts';

/** Contact lines of the site config that are filled in. */
export function ContactList() {
  const { t } = useTranslation();
  const site = useSite();
  const rows = [
    ['contact', site.contact],
    ['mobile', site.mobile],
    ['email', site.email],
    ['address', site.address],
  ] as const;
  const filled = rows.filter(([, value]) => value);
  if (filled.length === 0) return <p className="sf-muted">{t('storefront.about.noContact')}</p>;
  return (
    <dl className="sf-specs" data-testid="store-contact">
      {filled.map(([key, value]) => (
        <div key={key} className="sf-specs__row">
          <dt>{t(`storefront.about.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** About us (spec §2 /template/aboutUs and its Wap twin), from the site config. */
export function AboutPage() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <article className="sf-page" data-testid="store-about">
      <h1>{t('storefront.about.title', { site: site.name })}</h1>
      <p className="sf-prose">
        {site.about_us || site.website_description || t('storefront.about.fallback', { site: site.name })}
      </p>
      <h2>{t('storefront.about.contactTitle')}</h2>
      <ContactList />
    </article>
  );
}
