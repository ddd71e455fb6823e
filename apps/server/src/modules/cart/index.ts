import './messages.ts';

export { cartRoutes } from './cart.routes.ts';
export {
  cartLinesForCheckout,
  deleteCartLines,
  loadLineRefs,
  priceLine,
  type LineRefs,
} from './cart.service.ts';
export type { CartLineRow } from './cart.repo.ts';
export { cartModule } from './module.ts';
