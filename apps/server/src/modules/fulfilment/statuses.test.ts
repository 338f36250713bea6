import { describe, expect, it } from 'vitest';
import {
  CANCEL_STATUSES,
  ORDER_ITEM_STATUSES as STORED_ITEM_STATUSES,
  REPLACE_STATUSES,
  REQUEST_KINDS as STORED_REQUEST_KINDS,
  RETURN_STATUSES,
  SPLIT_MODES as STORED_SPLIT_MODES,
  TRACKING_SPECIAL_STATUSES as STORED_SPECIAL,
  TRACKING_STEPS as STORED_STEPS,
} from '@marketplace/db';
import {
  ORDER_ITEM_STATUSES,
  REQUEST_DECISIONS,
  REQUEST_KINDS,
  SPLIT_MODES,
} from '@marketplace/domain/orders/state-machine';
import { TRACKING_SPECIAL_STATUSES, TRACKING_STEPS } from '@marketplace/domain/orders/tracking';

// The database's CHECK constraints and the state machine must name the same states.
describe('the state machine and the stored statuses agree', () => {
  it('item statuses, split modes, request kinds and tracking statuses', () => {
    expect(ORDER_ITEM_STATUSES).toEqual(STORED_ITEM_STATUSES);
    expect(SPLIT_MODES).toEqual(STORED_SPLIT_MODES);
    expect(REQUEST_KINDS).toEqual(STORED_REQUEST_KINDS);
    expect(TRACKING_STEPS).toEqual(STORED_STEPS);
    expect(TRACKING_SPECIAL_STATUSES).toEqual(STORED_SPECIAL);
  });

  it('every decision is a status the request table accepts', () => {
    expect(['pending', ...REQUEST_DECISIONS.cancel]).toEqual(CANCEL_STATUSES);
    expect(['pending', ...REQUEST_DECISIONS.return]).toEqual(RETURN_STATUSES);
    expect(['pending', ...REQUEST_DECISIONS.replace]).toEqual(REPLACE_STATUSES);
  });
});
