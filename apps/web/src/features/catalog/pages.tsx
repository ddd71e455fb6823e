import { lazy, Suspense, type ComponentType } from 'react';
import { Flex, Spin } from 'antd';

/*
 * The catalogue's back-office pages for the page registry (features/admin/page-registry.tsx). Each
 * loads on its first visit, so the admin console's first screen does not carry the product editor.
 */

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return function CatalogPage() {
    return (
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        }
      >
        <Page />
      </Suspense>
    );
  };
}

const reference = () => import('./reference-pages.tsx');
const products = () => import('./product-page.tsx');

export const SpuCategoryPage = lazyPage(reference, (m) => m.SpuCategoryPage);
export const SpuAttributePage = lazyPage(reference, (m) => m.SpuAttributePage);
export const SpuColorPage = lazyPage(reference, (m) => m.SpuColorPage);
export const SpuSizePage = lazyPage(reference, (m) => m.SpuSizePage);
export const SpuSizeAttributePage = lazyPage(reference, (m) => m.SpuSizeAttributePage);
export const SpuDictionaryPage = lazyPage(reference, (m) => m.SpuDictionaryPage);
export const SpuSizeTemplatePage = lazyPage(
  () => import('./size-template-page.tsx'),
  (m) => m.SpuSizeTemplatePage,
);
export const SpuPage = lazyPage(
  () => import('./spu-page.tsx'),
  (m) => m.SpuPage,
);
export const ProductPage = lazyPage(products, (m) => m.ProductPage);
export const ProductTemplatePage = lazyPage(products, (m) => m.ProductTemplatePage);
export const ProductListPage = lazyPage(
  () => import('./product-list-page.tsx'),
  (m) => m.ProductListPage,
);

/** The menu components (server menu catalogue, `catalog/…`) and their pages. */
export const CATALOG_PAGES: Readonly<Record<string, ComponentType>> = {
  'catalog/spu': SpuPage,
  'catalog/spu-category': SpuCategoryPage,
  'catalog/spu-attribute': SpuAttributePage,
  'catalog/spu-color': SpuColorPage,
  'catalog/spu-size': SpuSizePage,
  'catalog/spu-size-attribute': SpuSizeAttributePage,
  'catalog/spu-size-template': SpuSizeTemplatePage,
  'catalog/spu-dictionary': SpuDictionaryPage,
  'catalog/product': ProductPage,
  'catalog/product-template': ProductTemplatePage,
  'catalog/product-list': ProductListPage,
};
