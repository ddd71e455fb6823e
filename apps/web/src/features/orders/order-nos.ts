/** The order numbers a result page is about: `/orderPayResult/:order_no` or `?order_nos=a,b`. */
export function resultOrderNos(param: string | undefined, query: string | null): string[] {
  const raw = param ?? query ?? '';
  return [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
}
