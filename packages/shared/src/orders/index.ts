export * from './address.ts';
export * from './cart.ts';
export * from './order.ts';
export * from './checkout.ts';
export * from './centre.ts';
