import { z } from 'zod';
import { PINCODE_PATTERN } from '../location/pincode.ts';
import { MOBILE_PATTERN } from '../validation/common.ts';
import { EMAIL_PATTERN } from './codes.ts';

// requirements#addresses, requirements#one-default: saved delivery addresses.

export const ADDRESS_LIMIT = 20;
export const ADDRESS_FIELD_MAX = 200;
export const EMAIL_MAX = 254;
export const NAME_MAX = 50;

export const ADDRESS_MESSAGES = {
  /** requirements#addresses: all fields are required (the spec gives no text; this one names the field) */
  required: {
    firstName: 'Please enter the first name.',
    lastName: 'Please enter the last name.',
    email: 'Please enter the email address.',
    mobile: 'Please enter the mobile number.',
    doorNo: 'Please enter the door / apartment number.',
    street: 'Please enter the street.',
    landmark: 'Please enter a landmark.',
    pincode: 'Please enter the pincode.',
  },
  /** requirements#addresses: the mobile and email checks use alerts whose texts are not shown; ours */
  mobile: 'Please enter a valid 10-digit mobile number.',
  email: 'Please enter a valid email address.',
  /** requirements#addresses */
  pincode: 'The pincode is invalid. Please check and try again.',
  tooLong: `This field can be at most ${ADDRESS_FIELD_MAX} characters.`,
  nameTooLong: `Names can be at most ${NAME_MAX} characters.`,
  /** requirements#addresses */
  saveFailed: 'An error occurred while saving the address. Please try again.',
  added: 'Address added successfully!',
  updated: 'Address updated successfully!',
  defaultUpdated: 'Default address updated successfully!',
  deleted: 'Address deleted successfully!',
  defaultNotDeletable: 'The default address cannot be deleted. Set another address as default first.',
  notFound: 'This address was not found.',
  limit: `You can save at most ${ADDRESS_LIMIT} addresses. Delete one to add another.`,
  empty: 'You have no saved addresses yet.',
  confirmDelete: 'Delete this address?',
} as const;

/** One @, something on both sides, a dot in the domain, no spaces (as the users table checks). */
export { EMAIL_PATTERN };

const text = (required: string, max = ADDRESS_FIELD_MAX, tooLong: string = ADDRESS_MESSAGES.tooLong) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** The address form and `POST/PUT /api/addresses`; city and state come from the pincode, never the client. */
export const AddressInput = z.strictObject(
  {
    firstName: text(ADDRESS_MESSAGES.required.firstName, NAME_MAX, ADDRESS_MESSAGES.nameTooLong),
    lastName: text(ADDRESS_MESSAGES.required.lastName, NAME_MAX, ADDRESS_MESSAGES.nameTooLong),
    email: text(ADDRESS_MESSAGES.required.email, EMAIL_MAX, ADDRESS_MESSAGES.email).regex(EMAIL_PATTERN, {
      error: ADDRESS_MESSAGES.email,
    }),
    mobile: text(ADDRESS_MESSAGES.required.mobile, 10, ADDRESS_MESSAGES.mobile).regex(MOBILE_PATTERN, {
      error: ADDRESS_MESSAGES.mobile,
    }),
    doorNo: text(ADDRESS_MESSAGES.required.doorNo),
    street: text(ADDRESS_MESSAGES.required.street),
    landmark: text(ADDRESS_MESSAGES.required.landmark),
    pincode: text(ADDRESS_MESSAGES.required.pincode, 6, ADDRESS_MESSAGES.pincode).regex(PINCODE_PATTERN, {
      error: ADDRESS_MESSAGES.pincode,
    }),
  },
  { error: 'Send only the address fields.' },
);
export type AddressInput = z.input<typeof AddressInput>;
export type AddressFields = z.output<typeof AddressInput>;
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'doorNo',
  'street',
  'landmark',
  'pincode',
] as const satisfies readonly (keyof AddressFields)[];

/** requirements#addresses, as the API returns it: cod says whether cash on delivery reaches its pincode. */
export const Address = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.string(),
    doorNo: z.string(),
    street: z.string(),
    landmark: z.string(),
    pincode: z.string(),
    city: z.string().describe('From the pincode'),
    state: z.string().describe('From the pincode'),
    isDefault: z.boolean(),
    cod: z.enum(['Yes', 'No']).describe('Whether cash on delivery reaches the pincode'),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

/** `GET /api/addresses`: the default first. */
export const AddressList = z.object({ addresses: z.array(Address) }).meta({ id: 'AddressList' });
export type AddressList = z.infer<typeof AddressList>;

/** `POST /api/addresses` and `PUT /api/addresses/{id}`: the saved address and the spec's message. */
export const AddressSaved = z.object({ address: Address, message: z.string() }).meta({ id: 'AddressSaved' });
export type AddressSaved = z.infer<typeof AddressSaved>;

/** `POST /api/addresses/{id}/default` and `DELETE /api/addresses/{id}`. */
export const AddressChanged = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'AddressChanged' });
export type AddressChanged = z.infer<typeof AddressChanged>;

/** requirements#one-default: the default first, then in the order they were saved. */
export function sortAddresses<T extends { id: number; isDefault: boolean }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id);
}

/** requirements#one-default: the default address cannot be deleted. */
export const canDeleteAddress = (address: { isDefault: boolean }) => !address.isDefault;

/** COD reaches an address when its pincode is served and offers cash on delivery. */
export function addressCod(place: { isServiceable: boolean; hasCod: boolean } | null): 'Yes' | 'No' {
  return place?.isServiceable && place.hasCod ? 'Yes' : 'No';
}
