// requirements#b2b-place-of-supply: a business buyer whose GSTIN is registered in another state than
// the delivery address. The invoice follows the delivery address: its place of supply is the
// delivery state (IGST Act s. 10(1)(a), the goods' movement ends there), so the GST it charges is
// that state's, and the buyer cannot take the input tax credit under a GSTIN of another state (CGST
// Act s. 16 and s. 25(4): each state's registration is a distinct person). We warn before payment.
import { GSTIN_PATTERN, GST_STATE_CODES, gstStateCodeOf } from '../sellers/tax-identity.ts';

/** The field a form carries once the shopper has seen the warning for a GSTIN: that GSTIN. */
export const BUSINESS_STATE_ACKNOWLEDGED_FIELD = 'businessGstinAcknowledged';

export const businessStateWarningText = (gstinState: string, deliveryState: string) =>
  `This GSTIN is registered in ${gstinState}, but the order is delivered in ${deliveryState}. The invoice follows the delivery address: its place of supply is ${deliveryState}, so you cannot claim its GST as input tax credit in ${gstinState}. To claim it, deliver to an address in ${gstinState}, or use your GSTIN registered in ${deliveryState}. Press Pay again to go ahead.`;

/**
 * The warning for a business GSTIN and the delivery address's state (as the pincode list names it):
 * null when the GSTIN is not one yet (the order form's own check speaks then), when the states match,
 * or when the delivery state is not on the GST list.
 */
export function businessStateWarning(gstin: string, deliveryState: string): string | null {
  const typed = gstin.replace(/\s+/g, '').toUpperCase();
  if (!GSTIN_PATTERN.test(typed)) return null;
  const delivery = gstStateCodeOf(deliveryState);
  const registered = typed.slice(0, 2);
  if (delivery === null || delivery === registered) return null;
  const registeredName = GST_STATE_CODES[registered];
  const deliveryName = GST_STATE_CODES[delivery];
  if (!registeredName || !deliveryName) return null;
  return businessStateWarningText(registeredName, deliveryName);
}
