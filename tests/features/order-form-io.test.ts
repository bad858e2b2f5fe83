// The order form's conversions for the API: an edit sends only what changed, the promo code included.
import { describe, expect, it } from 'vitest';
import { emptyValues } from '../../machines/order-form/order-form.machine';
import { valuesToEdit } from '../../src/features/order-form/io';

const initial = {
  ...emptyValues(),
  work_type: 'Реферат',
  topic: 'Тема',
  deadline: '2030-01-10',
  pages: '10',
};

describe('valuesToEdit: the promo code', () => {
  it('is not sent while it is the stored one (the server keeps it), whatever its case and spaces', () => {
    expect(valuesToEdit(initial, initial, [])).toEqual({});
    expect(valuesToEdit(initial, initial, [], { code: 'STUDENT10', initial: 'STUDENT10' })).toEqual({});
    expect(valuesToEdit(initial, initial, [], { code: ' student10 ', initial: 'STUDENT10' })).toEqual({});
  });

  it('is sent when added or changed, trimmed', () => {
    expect(valuesToEdit(initial, initial, [], { code: ' session15 ', initial: '' })).toEqual({
      promo_code: 'session15',
    });
    expect(valuesToEdit(initial, initial, [], { code: 'SESSION15', initial: 'STUDENT10' })).toEqual({
      promo_code: 'SESSION15',
    });
  });

  it("is sent as '' when the customer removed it", () => {
    expect(valuesToEdit(initial, initial, [], { code: '  ', initial: 'STUDENT10' })).toEqual({
      promo_code: '',
    });
  });

  it('goes with the other changes', () => {
    expect(
      valuesToEdit({ ...initial, pages: '20' }, initial, [5], { code: '', initial: 'STUDENT10' }),
    ).toEqual({ pages: 20, file_ids: [5], promo_code: '' });
  });
});
