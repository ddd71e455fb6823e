import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ImageRef } from '@pod/shared';
import { useSite } from '../features/site/site-context.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { useStoreProduct, type StorefrontProduct } from './api.ts';
import {
  colorPicture,
  formatPrice,
  galleryImages,
  localCategoryName,
  localName,
  quantityRange,
} from './format.ts';
import { LoadState } from './product-card.tsx';
import { designHref, useStoreVariant } from './store-context.ts';

/** spec §1: the page title is the page's title (here the product's name) plus the site name. */
function setPageTitle(title: string, siteName: string): void {
  document.title = [title, siteName].filter(Boolean).join(' - ');
}

function Gallery({ images }: { images: ImageRef[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return <div className="sf-gallery__main sf-card__placeholder" />;
  return (
    <div className="sf-gallery" data-testid="store-gallery">
      <div className="sf-gallery__main">
        <img
          data-testid="store-gallery-main"
          src={current.url}
          alt=""
          width={current.width ?? undefined}
          height={current.height ?? undefined}
        />
      </div>
      {images.length > 1 ? (
        <div className="sf-gallery__thumbs" role="group" aria-label={t('storefront.detail.gallery')}>
          {images.map((image, i) => (
            <button
              key={image.id}
              type="button"
              aria-pressed={i === index}
              className={i === index ? 'is-active' : undefined}
              onClick={() => setIndex(i)}
            >
              <img src={image.thumb_url ?? image.url} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The chosen colour's picture first, then the gallery without it. */
function colourFirst(picture: ImageRef | null, images: ImageRef[]): ImageRef[] {
  return picture ? [picture, ...images.filter((i) => i.id !== picture.id)] : images;
}

function Spec({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function ProductDetail({ product }: { product: StorefrontProduct }) {
  const { t } = useTranslation();
  const site = useSite();
  const { paths } = useStoreVariant();
  const language = currentLanguage();
  const [colorId, setColorId] = useState(product.colors[0]?.id ?? null);
  const [sizeId, setSizeId] = useState<string | null>(null);
  const price = (minor: number) => formatPrice(minor, product.currency, language);
  const stockOf = (size: string) =>
    product.skus.find((s) => s.color_id === colorId && s.size_id === size)?.stock_state ?? 'in_stock';
  const lowest = Math.min(...product.price_table.map((row) => row.unit_one_face));
  const name = localName(product, language);

  useEffect(() => setPageTitle(name, site.name), [name, site.name]);

  return (
    <article className="sf-detail" data-testid="store-product-detail">
      <nav className="sf-breadcrumb sf-small" aria-label={t('storefront.detail.breadcrumb')}>
        <Link to={paths.list}>{t('storefront.nav.products')}</Link>
        {product.category_path.map((c) => (
          <span key={c.id}>
            {' / '}
            <Link to={`${paths.list}?category=${encodeURIComponent(c.id)}`}>
              {localCategoryName(c, language)}
            </Link>
          </span>
        ))}
      </nav>
      <div className="sf-detail__top">
        {/* Keyed by colour: choosing a colour shows its own picture first (issue 26). */}
        <Gallery
          key={colorId ?? ''}
          images={colourFirst(colorPicture(product, colorId), galleryImages(product))}
        />
        <div className="sf-detail__info">
          <h1 data-testid="store-detail-name">{name}</h1>
          {language !== 'en' && product.en_name ? <p className="sf-muted">{product.en_name}</p> : null}
          <p className="sf-muted sf-small">
            {t('storefront.detail.styleCode')}: {product.style_code}
          </p>
          <p className="sf-price sf-price--large" data-testid="store-detail-price">
            {t('storefront.priceFrom', {
              price: price(Number.isFinite(lowest) ? lowest : product.base_price),
            })}
          </p>
          <p className="sf-muted sf-small">{t('storefront.detail.priceNote')}</p>

          <h2 className="sf-label">{t('storefront.detail.colors')}</h2>
          <div className="sf-options" role="group" aria-label={t('storefront.detail.colors')}>
            {product.colors.map((c) => (
              <button
                key={c.id}
                type="button"
                data-testid="store-color"
                aria-pressed={c.id === colorId}
                className={c.id === colorId ? 'is-active' : undefined}
                onClick={() => setColorId(c.id)}
              >
                <span className="sf-swatch" style={{ background: c.hex }} aria-hidden="true" />
                {localName(c, language)}
              </button>
            ))}
          </div>

          <h2 className="sf-label">{t('storefront.detail.sizes')}</h2>
          <div className="sf-options" role="group" aria-label={t('storefront.detail.sizes')}>
            {product.sizes.map((s) => {
              const stock = stockOf(s.id);
              return (
                <button
                  key={s.id}
                  type="button"
                  data-testid="store-size"
                  disabled={stock === 'out_of_stock'}
                  aria-pressed={s.id === sizeId}
                  className={s.id === sizeId ? 'is-active' : undefined}
                  title={t(`storefront.stock.${stock}`)}
                  onClick={() => setSizeId(s.id)}
                >
                  {localName(s, language)}
                  {stock === 'in_stock' ? null : (
                    <span className="sf-small sf-muted"> · {t(`storefront.stock.${stock}`)}</span>
                  )}
                </button>
              );
            })}
          </div>

          <div className="sf-actions">
            <Link
              to={designHref(product.id)}
              className="sf-button sf-button--primary sf-button--large"
              data-testid="store-design"
            >
              {t('storefront.detail.design')}
            </Link>
            <span className="sf-muted sf-small">{t('storefront.detail.designNote')}</span>
          </div>
        </div>
      </div>

      <section className="sf-section">
        <h2>{t('storefront.detail.priceTiers')}</h2>
        <table className="sf-table" data-testid="store-price-table">
          <thead>
            <tr>
              <th>{t('storefront.detail.quantity')}</th>
              <th>{t('storefront.detail.basePrice')}</th>
              <th>{t('storefront.detail.unitOneFace')}</th>
            </tr>
          </thead>
          <tbody>
            {product.price_table.map((row) => (
              <tr key={row.min_qty}>
                <td>{quantityRange(row.min_qty, row.max_qty)}</td>
                <td>{price(row.base)}</td>
                <td>{price(row.unit_one_face)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {product.level_prices.length > 0 ? (
          <>
            <h3>{t('storefront.detail.levelPrices')}</h3>
            <table className="sf-table" data-testid="store-level-prices">
              <thead>
                <tr>
                  <th>{t('storefront.detail.level')}</th>
                  <th>{t('storefront.detail.quantity')}</th>
                  <th>{t('storefront.detail.basePrice')}</th>
                </tr>
              </thead>
              <tbody>
                {product.level_prices.map((row) => (
                  <tr key={`${row.level_id}-${row.min_qty}`}>
                    <td>{row.level_name}</td>
                    <td>{quantityRange(row.min_qty, null)}</td>
                    <td>{price(row.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        <p className="sf-muted sf-small">{t('storefront.detail.tierNote')}</p>
      </section>

      <section className="sf-section">
        <h2>{t('storefront.detail.surfaces')}</h2>
        <table className="sf-table" data-testid="store-surfaces">
          <thead>
            <tr>
              <th>{t('storefront.detail.surface')}</th>
              <th>{t('storefront.detail.printSize')}</th>
              <th>{t('storefront.detail.printPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {product.surfaces.map((s) => (
              <tr key={s.id}>
                <td>{localName(s, language)}</td>
                <td>
                  {s.print_size_mm.width} × {s.print_size_mm.height} mm
                </td>
                <td>{price(s.effective_print_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {product.size_chart ? (
        <section className="sf-section">
          <h2>{t('storefront.detail.sizeChart')}</h2>
          <div className="sf-table-scroll">
            <table className="sf-table" data-testid="store-size-chart">
              <thead>
                <tr>
                  <th>{t('storefront.detail.size')}</th>
                  {product.size_chart.columns.map((c) => (
                    <th key={c.id}>
                      {localName(c, language)} ({c.unit})
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {product.size_chart.rows.map((row) => (
                  <tr key={row.size_id}>
                    <td>{row.size_name}</td>
                    {product.size_chart?.columns.map((c) => (
                      <td key={c.id}>{row.values[c.id] ?? '—'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <section className="sf-section">
        <h2>{t('storefront.detail.details')}</h2>
        <dl className="sf-specs" data-testid="store-specs">
          <Spec
            label={t('storefront.detail.category')}
            value={localCategoryName(
              { category_name: product.category_name, en_name: product.category_en_name },
              language,
            )}
          />
          {/* Dictionary-backed fields by their labels in the reply's (the interface's) language. */}
          <Spec label={t('storefront.detail.productType')} value={product.dictionary_labels.product_type} />
          <Spec label={t('storefront.detail.material')} value={product.dictionary_labels.material} />
          <Spec label={t('storefront.detail.process')} value={product.dictionary_labels.process} />
          <Spec
            label={t('storefront.detail.weight')}
            value={product.weight > 0 ? `${product.weight} g` : ''}
          />
          <Spec label={t('storefront.detail.season')} value={product.dictionary_labels.season} />
          <Spec label={t('storefront.detail.washCare')} value={product.dictionary_labels.wash_care} />
          <Spec label={t('storefront.detail.imageRequirements')} value={product.image_requirements} />
        </dl>
        {product.introduction ? <p className="sf-prose">{product.introduction}</p> : null}
      </section>
    </article>
  );
}

/** A product page (spec §2 /template/productDetail?id=, and its Wap twin). */
export function ProductDetailPage() {
  const { t } = useTranslation();
  const { paths } = useStoreVariant();
  const [params] = useSearchParams();
  const id = params.get('id');
  const product = useStoreProduct(id);
  if (!id || (product.isError && product.error.httpStatus === 404))
    return (
      <div className="sf-state" data-testid="store-not-found">
        <p>{t('storefront.detail.notFound')}</p>
        <Link to={paths.list} className="sf-button">
          {t('storefront.detail.backToList')}
        </Link>
      </div>
    );
  if (!product.data)
    return (
      <LoadState
        isPending={product.isPending}
        error={product.isError ? product.error : null}
        onRetry={() => void product.refetch()}
      />
    );
  return <ProductDetail key={product.data.id} product={product.data} />;
}
