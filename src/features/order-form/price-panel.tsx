import { useSelector } from '@xstate/react';
import {
  selectIsCalculating,
  selectPromoCode,
  selectQuote,
  selectQuoteError,
  selectUseBonus,
} from '../../../machines/order-form/order-form.selectors';
import { useFinances } from '../../actors/hooks';
import { Checkbox, TextField } from '../../ui/field';
import { formatMoney } from '../../lib/money';
import { Spinner } from '../../ui/primitives';
import { useOrderForm } from './form-context';
import * as s from './order-form.css';
import { grid, text } from '../../ui/layout.css';
import { t } from './strings';

/**
 * The live cost and discount: calculate-cost/ and calculate-discount/ as the customer types. The promo code is
 * there in every mode (an edit may add, change or remove it); the bonus preview only for a new order (bonus
 * roubles are spent when paying).
 */
export function PricePanel({ withBonus }: { withBonus: boolean }) {
  const actor = useOrderForm();
  const quote = useSelector(actor, selectQuote);
  const quoteError = useSelector(actor, selectQuoteError);
  const calculating = useSelector(actor, selectIsCalculating);

  return (
    <section className={s.pricePanel} aria-labelledby="order-price-title">
      <h2 id="order-price-title" className={text.title}>
        {t.sections.price}
      </h2>
      <div aria-live="polite" aria-atomic="true" data-testid="order-price">
        {quote === null && !quoteError && !calculating && <p className={text.muted}>{t.price.incomplete}</p>}
        {quoteError && !calculating && <p className={text.muted}>{t.price.failed(quoteError)}</p>}
        {quote && quote.cost === null && <p className={text.muted}>{t.price.byManager}</p>}
        {quote && quote.cost !== null && (
          <dl className={grid[2]}>
            <div className={s.priceRow}>
              <dt>{t.price.cost}</dt>
              <dd className={s.priceValue} data-testid="order-cost">
                {formatMoney(quote.cost)}
              </dd>
            </div>
            {quote.discount > 0 && (
              <div className={s.priceRow}>
                <dt>{t.price.discount}</dt>
                <dd className={s.priceValue}>−{formatMoney(quote.discount)}</dd>
              </div>
            )}
            {quote.bonusUsed > 0 && (
              <div className={s.priceRow}>
                <dt>{t.price.bonus}</dt>
                <dd className={s.priceValue}>−{formatMoney(quote.bonusUsed)}</dd>
              </div>
            )}
            <div className={s.totalRow}>
              <dt>{t.price.total}</dt>
              <dd className={text.figure} data-testid="order-total">
                {formatMoney(quote.total ?? quote.cost)}
              </dd>
            </div>
          </dl>
        )}
      </div>
      <div className={s.calculating} aria-hidden={!calculating}>
        {calculating && (
          <>
            <Spinner size={16} />
            {t.price.calculating}
          </>
        )}
      </div>
      <Discounts withBonus={withBonus} />
      <p className={text.muted}>{t.price.note}</p>
    </section>
  );
}

function Discounts({ withBonus }: { withBonus: boolean }) {
  const actor = useOrderForm();
  const promoCode = useSelector(actor, selectPromoCode);
  const useBonus = useSelector(actor, selectUseBonus);
  const promoValid = useSelector(actor, (st) => st.context.quote?.promoValid ?? null);
  const promoDetail = useSelector(actor, (st) => st.context.quote?.promoDetail ?? null);
  const finances = useFinances();
  const bonus = finances?.bonus ?? 0;
  const refused = useSelector(actor, (st) => st.context.fieldErrors.promo_code?.[0]);
  const showPromoError = promoCode.trim() !== '' && promoValid === false;

  return (
    <>
      <TextField
        id="order-promo"
        label={t.price.promo}
        placeholder={t.placeholders.promo}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={promoCode}
        onChange={(e) => actor.send({ type: 'form.promo', code: e.target.value })}
        error={refused ?? (showPromoError ? (promoDetail ?? t.price.promoInvalid) : undefined)}
        hint={promoValid && promoCode.trim() ? <span className={s.promoOk}>{promoDetail}</span> : undefined}
      />
      {withBonus && (
        <Checkbox
          id="order-use-bonus"
          label={t.price.useBonus}
          hint={bonus > 0 ? t.price.bonusHint(formatMoney(bonus)) : t.price.noBonus}
          checked={useBonus}
          disabled={bonus <= 0}
          onChange={(e) => actor.send({ type: 'form.bonus', use: e.target.checked })}
        />
      )}
    </>
  );
}
