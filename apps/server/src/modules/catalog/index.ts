import './messages.ts';

export { catalogRoutes } from './catalog.routes.ts';
export { buyerFor, quoteForMerchant, type QuoteInput } from './pricing.service.ts';
export { findVisibleProduct, type Viewer } from './listing.service.ts';
export { insertProduct, productsByIds, type ProductRow } from './product.service.ts';
export { dictionaryLabel, loadRefs, priceListOf, toCatalogProduct } from './product.views.ts';
export {
  createCategory,
  createColor,
  createDictionaryEntries,
  createSize,
  createSizeAttribute,
  createSizeTemplate,
  createSpu,
} from './reference.service.ts';
export { orderableProducts, orderableSku, type OrderableProduct } from './orderable.service.ts';
export { catalogModule } from './module.ts';
