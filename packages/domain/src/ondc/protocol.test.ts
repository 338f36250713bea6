import { describe, expect, it } from 'vitest';
import { ondcCategoryOf } from './categories.ts';
import { cityCodeOf, isOndcCity } from './cities.ts';
import { ondcFulfilmentState, ondcOrderState, paiseOf, rupees } from './protocol.ts';

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
    expect(ondcFulfilmentState(['shipped'], ['out_for_delivery'])).toBe('Out-for-delivery');
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
});
