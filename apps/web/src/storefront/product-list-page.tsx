import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@pod/shared';
import { currentLanguage } from '../i18n/i18n.ts';
import { useStoreCategories, useStoreProducts } from './api.ts';
import {
  categoriesInTreeOrder,
  listQueryOf,
  localCategoryName,
  STORE_PAGE_SIZE,
  STORE_SORTS,
  withListParams,
  type ListParam,
} from './format.ts';
import { LoadState, Pager, ProductCard } from './product-card.tsx';
import { useStoreVariant } from './store-context.ts';

/**
 * All products (spec §2 /template/productList and /templateWap/productList): the category filter
 * (a category includes its subcategories), keyword search, sorting and pages. The filters live in
 * the address, so a link (or the device twin) opens the same list.
 */
export function ProductListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { variant, isMobile } = useStoreVariant();
  const [params, setParams] = useSearchParams();
  const query = listQueryOf(params, STORE_PAGE_SIZE[variant]);
  const products = useStoreProducts(query);
  const categories = useStoreCategories();
  const tree = categoriesInTreeOrder(categories.data ?? []);
  const selected = params.get('category');
  const addressKeyword = params.get('keyword') ?? '';
  const [keyword, setKeyword] = useState(addressKeyword);
  // The address changed from elsewhere (a link, back): the search box follows it.
  const [shownKeyword, setShownKeyword] = useState(addressKeyword);
  if (shownKeyword !== addressKeyword) {
    setShownKeyword(addressKeyword);
    setKeyword(addressKeyword);
  }

  const change = (changes: Partial<Record<ListParam, string | null>>) =>
    setParams(withListParams(params, changes));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ keyword: keyword.trim() || null });
  };

  const categoryButtons = (
    <>
      <button
        type="button"
        data-testid="store-category"
        className={selected ? undefined : 'is-active'}
        aria-pressed={!selected}
        onClick={() => change({ category: null })}
      >
        {t('storefront.list.allCategories')}
      </button>
      {tree.map((c) => (
        <button
          key={c.id}
          type="button"
          data-testid="store-category"
          className={selected === c.id ? 'is-active' : undefined}
          aria-pressed={selected === c.id}
          style={isMobile ? undefined : { paddingInlineStart: 12 + (c.level - 1) * 16 }}
          onClick={() => change({ category: c.id })}
        >
          <span>{localCategoryName(c, language)}</span>
          <span className="sf-count">{c.product_count}</span>
        </button>
      ))}
    </>
  );

  const list = products.data;
  return (
    <div className="sf-list" data-testid="store-product-list">
      {isMobile ? null : (
        <aside className="sf-list__side">
          <h2 className="sf-side-title">{t('storefront.list.categories')}</h2>
          <div className="sf-categories" role="group" aria-label={t('storefront.list.categories')}>
            {categoryButtons}
          </div>
        </aside>
      )}
      <section className="sf-list__main">
        <div className="sf-toolbar">
          <form className="sf-search" role="search" onSubmit={onSearch}>
            <input
              type="search"
              data-testid="store-search"
              value={keyword}
              placeholder={t('storefront.list.searchPlaceholder')}
              aria-label={t('storefront.list.search')}
              maxLength={LIMITS.text.search}
              onChange={(event) => setKeyword(event.target.value)}
            />
            <button type="submit" className="sf-button sf-button--primary">
              {t('storefront.list.search')}
            </button>
          </form>
          <label className="sf-sort">
            <span>{t('storefront.list.sort')}</span>
            <select
              data-testid="store-sort"
              value={params.get('sort') ?? 'default'}
              onChange={(event) =>
                change({ sort: event.target.value === 'default' ? null : event.target.value })
              }
            >
              {STORE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`storefront.sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {isMobile ? (
          <div className="sf-chips" role="group" aria-label={t('storefront.list.categories')}>
            {categoryButtons}
          </div>
        ) : null}
        <LoadState
          isPending={products.isPending}
          error={products.isError ? products.error : null}
          onRetry={() => void products.refetch()}
        />
        {list ? (
          <>
            <p className="sf-muted sf-small" data-testid="store-total">
              {t('storefront.list.total', { count: list.total })}
            </p>
            {list.list.length === 0 ? (
              <div className="sf-state" data-testid="store-empty">
                {t('storefront.list.empty')}
              </div>
            ) : (
              <div className={`sf-grid${products.isPlaceholderData ? ' is-stale' : ''}`}>
                {list.list.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </div>
            )}
            <Pager
              page={list.page}
              total={list.total}
              pageSize={list.limit}
              onPage={(page) => {
                change({ page: page > 1 ? String(page) : null });
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        ) : null}
      </section>
    </div>
  );
}
