import { describe, expect, it } from 'vitest';
import { ondcCategoryOf } from './categories.ts';
import { cityCodeOf, isOndcCity } from './cities.ts';
import {
  ondcFulfilmentState,
  ondcGps,
  ondcOrderState,
  ondcTracking,
  paiseOf,
  rupees,
} from './protocol.ts';

describe('ONDC retail 1.2 rules (docs/requirements.md#ondc)', () => {
  it('writes and reads prices as rupee strings with two places, exactly', () => {
    expect(rupees(0)).toBe('0.00');
    expect(rupees(5)).toBe('0.05');
    expect(rupees(123456)).toBe('1234.56');
    expect(rupees(-5000)).toBe('-50.00');
    expect(paiseOf('1234.5')).toBe(123450);
    expect(paiseOf('1234')).toBe(123400);
    expect(paiseOf('0.07')).toBe(7);
    for (const bad of ['', '1.234', '-1', '1e3', ' 1', '١٢', 12, null, '1.2.3'])
      expect(paiseOf(bad)).toBeNull();
  });

  it('maps the shop’s item states to ONDC order and fulfilment states', () => {
    expect(ondcOrderState(['pending', 'pending'])).toBe('Accepted');
    expect(ondcOrderState(['shipped', 'pending'])).toBe('In-progress');
    expect(ondcOrderState(['delivered', 'cancelled'])).toBe('Completed');
    expect(ondcOrderState(['cancelled'])).toBe('Cancelled');
    expect(ondcFulfilmentState(['pending'], [null])).toBe('Pending');
    expect(ondcFulfilmentState(['shipped'], ['in_transit'])).toBe('Order-picked-up');
    // the shipment's "dispatched" is the courier's out-for-delivery scan; no status is called out_for_delivery
    expect(ondcFulfilmentState(['shipped'], ['dispatched'])).toBe('Out-for-delivery');
    expect(ondcFulfilmentState(['shipped'], ['pending'])).toBe('Order-picked-up');
    expect(ondcFulfilmentState(['delivered'], ['delivered'])).toBe('Order-delivered');
    expect(ondcFulfilmentState(['undelivered'], ['rto'])).toBe('RTO-Initiated');
  });

  it('knows a city by its STD code and its pincodes', () => {
    expect(cityCodeOf('560034')).toBe('std:080');
    expect(cityCodeOf('600100')).toBe('std:044');
    expect(cityCodeOf('799001')).toBeNull();
    expect(isOndcCity('*')).toBe(true);
    expect(isOndcCity('std:999')).toBe(false);
  });

  it('maps category paths to retail domains and category ids, leaf first', () => {
    expect(ondcCategoryOf(['Smartphones', 'Mobiles', 'Electronics'])).toEqual({
      domain: 'ONDC:RET14',
      categoryId: 'Mobile Phone',
    });
    expect(ondcCategoryOf(['Sarees', 'Women', 'Fashion'])).toEqual({
      domain: 'ONDC:RET12',
      categoryId: 'Sarees',
    });
    expect(ondcCategoryOf(['Pressure Cookers', 'Kitchen'])).toMatchObject({ domain: 'ONDC:RET16' });
    expect(ondcCategoryOf(['Unnamed'])).toBeNull();
  });

  // retail 1.2 on_track (ONDC-RET-Specifications api/components/Examples/B2C/on_track/on_track.yaml)
  it.each([
    [null, 'inactive', 'seller'],
    ['manifested', 'inactive', 'seller'],
    ['not_picked', 'active', 'seller'],
    ['in_transit', 'active', 'seller'],
    ['pending', 'active', 'buyer'],
    ['dispatched', 'active', 'buyer'],
    ['delivered', 'inactive', 'buyer'],
    ['delivery_failed', 'inactive', 'buyer'],
    ['return_to_origin', 'inactive', 'seller'],
    ['lost_in_transit', 'inactive', 'seller'],
    ['cancelled_by_seller', 'inactive', 'seller'],
  ])('tracks a parcel whose courier status is %s as %s, last seen at the %s end', (status, active, end) => {
    expect(ondcTracking(status)).toEqual({ status: active, end });
  });

  it('writes a place as gps text with six decimals and two-digit whole parts', () => {
    expect(ondcGps(12.974002, 77.613458)).toBe('12.974002,77.613458');
    expect(ondcGps(8.0883, 77.5385)).toBe('08.088300,77.538500');
    expect(ondcGps(28.6139391, 77.2090212)).toBe('28.613939,77.209021');
    expect(ondcGps(-1.5, 7)).toBe('-01.500000,07.000000');
  });
});
