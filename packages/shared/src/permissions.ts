/**
 * Every permission name the platform checks (spec §6), once: `<resource>:<action>`. Routes declare
 * them in their contracts (`operations.ts`), the menu catalogue grants them, and the web's buttons
 * test them. No zod here: the storefront and the API client may import it (docs/decisions/0022).
 */
export const PERMISSION_ACTIONS = {
  // Access (roles, departments, menus, staff accounts)
  admin: ['list', 'add', 'edit', 'del'],
  role: ['list', 'add', 'edit', 'del', 'sortable'],
  department: ['list', 'add', 'edit', 'del', 'sortable'],
  menu: ['list', 'add', 'edit', 'del', 'sortable'],
  // Tenancy
  supplier: ['list', 'add', 'edit', 'del'],
  supplierLevel: ['list', 'add', 'edit', 'del', 'sortable'],
  merchantLevel: ['list', 'add', 'edit', 'del', 'sortable'],
  merchant: ['list', 'add', 'edit', 'del'],
  // Logistics
  factory: ['list', 'add', 'edit', 'del'],
  senderAddress: ['list', 'add', 'edit', 'del'],
  shippingMethod: ['list', 'add', 'edit', 'del', 'sortable'],
  shippingRate: ['list', 'add', 'edit', 'del'],
  // Finance (the supplier's side of the wallet)
  paymentAccount: ['list', 'add', 'edit', 'del', 'sortable', 'reveal'],
  exchangeRate: ['list', 'add', 'edit', 'del'],
  financeTransfer: ['list', 'approve', 'reject'],
  financeWithdrawal: ['list', 'approve', 'reject'],
  financeTransaction: ['list', 'adjust'],
  financeReconciliation: ['list'],
  // Wallet (the merchant's side)
  walletBalance: ['list'],
  walletTransaction: ['list'],
  walletRecharge: ['list', 'add'],
  walletWithdrawal: ['list', 'add'],
  // System tools
  adminLog: ['list'],
  recycle: ['list', 'restore', 'del'],
  sensitiveLog: ['list', 'rollback'],
  config: ['list', 'edit'],
  attachment: ['list', 'del'],
  exportRecord: ['list', 'del'],
  // Materials
  material: ['list', 'add', 'edit', 'del', 'authorise'],
  materialCategory: ['list', 'add', 'edit', 'del', 'sortable'],
  // Catalogue
  spu: ['list', 'add', 'edit', 'del'],
  spuCategory: ['list', 'add', 'edit', 'del', 'sortable'],
  spuAttribute: ['list', 'add', 'edit', 'del', 'sortable'],
  spuColor: ['list', 'add', 'edit', 'del', 'sortable'],
  spuSize: ['list', 'add', 'edit', 'del', 'sortable'],
  spuSizeAttribute: ['list', 'add', 'edit', 'del', 'sortable'],
  spuSizeTemplate: ['list', 'add', 'edit', 'del', 'sortable'],
  spuDictionary: ['list', 'add', 'edit', 'del', 'sortable'],
  product: ['list', 'add', 'edit', 'del', 'sortable'],
  productTemplate: ['list', 'add', 'edit', 'del', 'sortable'],
  productCatalog: ['list'],
  // Designs, cart, orders
  finished: ['add', 'list', 'edit', 'del', 'export'],
  cart: ['list', 'add', 'edit', 'del', 'settle'],
  order: ['list', 'pay', 'cancel', 'edit', 'add'],
  skuMapping: ['list', 'add', 'edit', 'del'],
  // Order intake (issue 20)
  orderImport: ['list', 'add'],
  address: ['list', 'add', 'edit', 'del'],
  // Shops (issue 18)
  shop: ['list', 'add', 'edit', 'del', 'sortable', 'authorise'],
  riskWord: ['list', 'add', 'edit', 'del'],
  // Publishing (issue 23)
  publishListing: ['list', 'add', 'edit', 'del', 'publish', 'unpublish'],
  publishTemplate: ['list', 'add', 'edit', 'del'],
  // Member administration, the module store, the CRUD generator (issue 28)
  member: ['list', 'add', 'edit', 'del'],
  memberGroup: ['list', 'add', 'edit', 'del'],
  memberRule: ['list', 'add', 'edit', 'del', 'sortable'],
  memberMoneyLog: ['list', 'adjust'],
  memberScoreLog: ['list', 'adjust'],
  moduleStore: ['list', 'edit'],
  crudGenerator: ['list', 'add'],
  // After-sales (issue 22): the merchant's requests and the supplier's review
  afterSales: ['list', 'add', 'close'],
  afterSalesReview: ['list', 'approve', 'reject', 'close'],
  // Fulfilment (issue 21)
  production: ['list', 'start', 'download', 'ship'],
  label: ['list', 'add', 'download'],
  // Tracking pushed back to the marketplaces (issue 21): records, "sync status", shop settings
  tracking: ['list', 'sync', 'edit'],
  // Marketplace order sync and sync health (issue 20)
  orderSync: ['list', 'sync', 'edit'],
} as const;

type Actions = typeof PERMISSION_ACTIONS;
/** A resource that has permissions, e.g. `role`. */
export type PermissionResource = keyof Actions;
/** The actions of a resource, e.g. `'list' | 'add' | 'edit' | 'del' | 'sortable'` for `role`. */
export type PermissionAction<R extends PermissionResource> = Actions[R][number];
/** Every permission name, e.g. `'role:add'`. */
export type Permission = { [R in PermissionResource]: `${R}:${PermissionAction<R>}` }[PermissionResource];

/** `PERMISSIONS.role.add === 'role:add'`: the names as typed constants. */
export const PERMISSIONS = Object.freeze(
  Object.fromEntries(
    Object.entries(PERMISSION_ACTIONS).map(([resource, actions]) => [
      resource,
      Object.freeze(Object.fromEntries(actions.map((action) => [action, `${resource}:${action}`]))),
    ]),
  ),
) as { readonly [R in PermissionResource]: { readonly [A in PermissionAction<R>]: `${R}:${A}` } };

/** Every permission name, in catalogue order. */
export const PERMISSION_NAMES: readonly Permission[] = Object.freeze(
  Object.values(PERMISSIONS).flatMap((actions) => Object.values(actions) as Permission[]),
);

const NAMES: ReadonlySet<string> = new Set(PERMISSION_NAMES);

/** Whether a string is one of the platform's permission names. */
export function isPermission(name: string): name is Permission {
  return NAMES.has(name);
}
