import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env';
import { valid } from '../validate';
import { inAuditedTx, requireStaff } from '../middleware/staff';
import { createPromo, listPromos, setPromoActive, type PromoRow } from '../domain/promo-codes';
import {
  PromoCodeCreateRequest,
  PromoCodeParams,
  PromoCodePatchRequest,
  PROMO_FORM_MESSAGES,
  type PromoCode,
} from '../../contract/staff.api';
import { fieldErrors } from '../domain/errors';

const promoJson = (r: PromoRow): PromoCode => ({
  code: r.code,
  title: r.title,
  percent: r.percent,
  amount: r.amount,
  valid_from: r.validFrom.toISOString(),
  valid_until: r.validUntil?.toISOString() ?? null,
  usage_limit: r.usageLimit,
  used_count: r.usedCount,
  active: r.active,
  created_at: r.createdAt.toISOString(),
});

/** Staff API of promo codes: list, add, switch off (server/domain/promo-codes.ts holds the rules). */
export function staffPromoCodesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const staff = requireStaff(deps);

  app.get('/promo-codes/', staff, async (c) => {
    const rows = await listPromos(deps.db);
    return c.json({ results: rows.map(promoJson) });
  });

  app.post('/promo-codes/', staff, valid('json', PromoCodeCreateRequest), async (c) => {
    const body = c.req.valid('json');
    const now = deps.now();
    const validFrom = body.valid_from ? new Date(body.valid_from) : now;
    const validUntil = body.valid_until ? new Date(body.valid_until) : null;
    // Without valid_from the start is now: an end before it was a 500 from the table's check.
    if (validUntil && validUntil <= validFrom)
      throw fieldErrors({ valid_until: [PROMO_FORM_MESSAGES.dates] });
    const input = {
      code: body.code,
      title: body.title,
      percent: body.percent,
      amount: body.amount,
      validFrom,
      validUntil,
      usageLimit: body.usage_limit ?? null,
    };
    const row = await inAuditedTx(
      c,
      deps,
      (tx) => createPromo(tx, input, now),
      (r) => ({ details: { code: r.code, percent: r.percent, amount: r.amount } }),
    );
    return c.json(promoJson(row), 201);
  });

  app.patch(
    '/promo-codes/:code/',
    staff,
    valid('param', PromoCodeParams),
    valid('json', PromoCodePatchRequest),
    async (c) => {
      const { active } = c.req.valid('json');
      const row = await inAuditedTx(
        c,
        deps,
        (tx) => setPromoActive(tx, c.req.valid('param').code, active),
        (r) => ({ details: { code: r.code, active } }),
      );
      return c.json(promoJson(row));
    },
  );

  return app;
}
