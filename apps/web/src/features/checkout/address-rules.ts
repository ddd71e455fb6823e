import { addressIssues, type AddressFields, type AddressRule } from '@pod/shared';

/** The fields whose rule depends on the country (spec §5 "enter a real address"). */
export const COUNTRY_RULED_FIELDS = ['province', 'mobile_phone', 'postcode'] as const;
export type CountryRuledField = (typeof COUNTRY_RULED_FIELDS)[number];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Which country rule one field of an address breaks, or null: the shared `addressIssues`, the same
 * check the server makes, run on the form's current values so the message shows before submitting.
 */
export function addressFieldRule(
  values: Partial<Record<keyof AddressFields, unknown>>,
  field: CountryRuledField,
): AddressRule | null {
  const address: AddressFields = {
    country: text(values.country).trim().toUpperCase(),
    province: text(values.province),
    city: text(values.city),
    area: text(values.area),
    street: text(values.street),
    postcode: text(values.postcode),
    first_name: text(values.first_name),
    mobile_phone: text(values.mobile_phone),
  };
  return addressIssues(address).find((issue) => issue.field === field)?.rule ?? null;
}

/** An address on one line, for lists and selections: street, area, city, province, postcode, country. */
export function addressLine(
  a: { street: string; area: string; city: string; province: string; postcode: string; country: string },
  countryName: (code: string) => string,
): string {
  return [a.street, a.area, a.city, a.province, a.postcode, countryName(a.country)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
