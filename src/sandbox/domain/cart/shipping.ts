/**
 * The sandbox's one carrier and its two options: standard delivery (a slot three days out, more
 * abroad) and store pickup (free). The buyer picks one by code; standard is the default.
 */
import type { components } from '../../../../generated/types/current-cart.ts';
import { wirePrice } from '../money.ts';

type Schemas = components['schemas'];
export type Address = Schemas['Address'];
export type ShippingOption = Schemas['ShippingOption'];

export const CARRIER = 'sandbox-carrier';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The options for a destination, as of `now`. */
export function shippingOptions(now: Date, destination: Address | undefined): ShippingOption[] {
  const slotStart = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 3 * DAY_MS + 9 * HOUR_MS,
  );
  return [
    {
      code: 'standard',
      title: 'Standard delivery',
      logistics: {
        deliveryTime: '3-5 business days',
        deliveryTimeSlot: {
          from: slotStart.toISOString(),
          to: new Date(slotStart.getTime() + 8 * HOUR_MS).toISOString(),
        },
      },
      cost: { price: wirePrice(destination?.country && destination.country !== 'US' ? 1500 : 500), otherCharges: [] },
    },
    {
      code: 'pickup',
      title: 'Store pickup',
      logistics: {
        deliveryTime: 'Ready tomorrow',
        pickupDetails: {
          address: {
            country: 'US',
            subdivision: 'US-NY',
            city: 'New York',
            postalCode: '10011',
            addressLine: '235 W 23rd St',
          },
          pickupMethod: 'STORE_PICKUP',
        },
      },
      cost: { price: wirePrice(0), otherCharges: [] },
    },
  ];
}

/** The option a buyer chose by code, else standard delivery. */
export const chosenOption = (options: ShippingOption[], code: string | undefined): ShippingOption | undefined =>
  options.find((o) => o.code === (code ?? 'standard')) ?? options[0];
