import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../i18n/i18n.ts';
import type { StoreProductItem } from './api.ts';
import { colorPicture, formatPrice, localCategoryName, localName, pagerPages } from './format.ts';
import { productHref, useStoreVariant } from './store-context.ts';

/** Colour dots of a product (at most `max`, then a count). */
export function Swatches({
  colors,
  max = 6,
  onPoint,
}: {
  colors: ReadonlyArray<{ id: string; name: string; en_name: string; hex: string }>;
  max?: number;
  /** A colour was pointed at (hover or focus): the tile shows that colour's picture. */
  onPoint?: (colorId: string) => void;
}) {
  const language = currentLanguage();
  return (
    <span className="sf-swatches">
      {colors.slice(0, max).map((c) => (
        <span
          key={c.id}
          className="sf-swatch"
          style={{ background: c.hex }}
          title={localName(c, language)}
          aria-label={localName(c, language)}
          data-testid="store-product-swatch"
          onMouseEnter={onPoint ? () => onPoint(c.id) : undefined}
        />
      ))}
      {colors.length > max ? <span className="sf-muted">+{colors.length - max}</span> : null}
    </span>
  );
}

/** A product tile: cover, name, colours and the lowest public price with one design face. */
export function ProductCard({ product }: { product: StoreProductItem }) {
  const { t } = useTranslation();
  const { variant } = useStoreVariant();
  const language = currentLanguage();
  const [pointed, setPointed] = useState<string | null>(null);
  // Each colour shows its own picture (issue 26): the colour pointed at, else the product's cover.
  const cover = colorPicture(product, pointed) ?? product.cover;
  return (
    <Link to={productHref(variant, product.id)} className="sf-card" data-testid="store-product">
      <span className="sf-card__image">
        {cover ? (
          <img
            src={cover.thumb_url ?? cover.url}
            alt=""
            data-testid="store-product-picture"
            loading="lazy"
            width={cover.width ?? undefined}
            height={cover.height ?? undefined}
          />
        ) : (
          <span className="sf-card__placeholder" aria-hidden="true" />
        )}
      </span>
      <span className="sf-card__body">
        <span className="sf-card__name" data-testid="store-product-name">
          {localName(product, language)}
        </span>
        <span className="sf-muted sf-small">
          {localCategoryName(
            { category_name: product.category_name, en_name: product.category_en_name },
            language,
          )}
        </span>
        <Swatches colors={product.colors} onPoint={setPointed} />
        <span className="sf-price">
          {t('storefront.priceFrom', {
            price: formatPrice(product.price_from, product.currency, language),
          })}
        </span>
      </span>
    </Link>
  );
}

/** Page numbers with previous and next. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  return (
    <nav className="sf-pager" aria-label={t('storefront.list.pages')} data-testid="store-pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('storefront.list.previous')}
      </button>
      {pagerPages(page, pageCount).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="sf-muted">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-current={p === page ? 'page' : undefined}
            className={p === page ? 'is-active' : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('storefront.list.next')}
      </button>
    </nav>
  );
}

/** A loading line, or a failure with a retry button. */
export function LoadState({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: { msg: string } | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (isPending)
    return (
      <div className="sf-state" role="status">
        <span className="sf-spinner" aria-hidden="true" />
        {t('app.loading')}
      </div>
    );
  if (error)
    return (
      <div className="sf-state" data-testid="store-error">
        <p>{error.msg}</p>
        <button type="button" className="sf-button" onClick={onRetry}>
          {t('app.retry')}
        </button>
      </div>
    );
  return null;
}
