import { createContext, use } from 'react';
import { PATHS } from '../app/paths.ts';

/** Which storefront shell a page is in: desktop (/layouts) or mobile (/layoutsWap), spec §2. */
export type StoreVariant = 'desktop' | 'mobile';

export const StoreVariantContext = createContext<StoreVariant>('desktop');

/** The storefront's addresses in a variant: pages link within their own shell. */
export function storePaths(variant: StoreVariant) {
  return variant === 'mobile'
    ? {
        list: PATHS.storeProductListWap,
        detail: PATHS.storeProductDetailWap,
        about: PATHS.storeAboutUsWap,
      }
    : { list: PATHS.storeProductList, detail: PATHS.storeProductDetail, about: PATHS.storeAboutUs };
}

/** The current shell's variant and addresses. */
export function useStoreVariant() {
  const variant = use(StoreVariantContext);
  return { variant, paths: storePaths(variant), isMobile: variant === 'mobile' };
}

/** A product page's address in a variant. */
export function productHref(variant: StoreVariant, id: string): string {
  return `${storePaths(variant).detail}?id=${encodeURIComponent(id)}`;
}

/** The design editor for a product; the admin gate sends a visitor to sign in first (spec §2). */
export function designHref(productId: string): string {
  return `${PATHS.adminDesign}?product=${encodeURIComponent(productId)}`;
}
