/** snake_case to camelCase: `product_tag` → `productTag`. */
export const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** snake_case to PascalCase: `product_tag` → `ProductTag`. */
export const pascal = (snake: string) => {
  const c = camel(snake);
  return c.charAt(0).toUpperCase() + c.slice(1);
};
/** snake_case to kebab-case: `product_tag` → `product-tag`. */
export const kebab = (snake: string) => snake.replace(/_/g, '-');
/** A string as a single-quoted TypeScript literal. */
export const lit = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
