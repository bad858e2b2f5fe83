// The rework form's rules (spec 5 date rules; the server checks the same and answers field errors).
import { REWORK_COMMENT, REWORK_MAX_DAYS } from '../../../contract/orders';
import { addDays, dateMax, dateMin, formatShortDay, mskDay, tomorrow } from '../../lib/dates';
import { t } from './strings';

export interface ReworkBounds {
  /** The earliest deadline: tomorrow (inclusive). */
  min: string;
  /** The deadline must be before this day: the guarantee's end, and at most 30 days ahead (server rule). */
  max: string;
}

export function reworkBounds(guaranteeUntil: string | null, now: Date | number = Date.now()): ReworkBounds {
  const limit = addDays(mskDay(now), REWORK_MAX_DAYS);
  const guarantee = guaranteeUntil ? mskDay(guaranteeUntil) : limit;
  return { min: tomorrow(now), max: guarantee < limit ? guarantee : limit };
}

export interface ReworkDraft {
  comment: string;
  deadline: string;
}

/** Field messages, or an empty object when the form may be sent. */
export function reworkErrors(
  draft: ReworkDraft,
  bounds: ReworkBounds,
): Partial<Record<keyof ReworkDraft, string>> {
  const errors: Partial<Record<keyof ReworkDraft, string>> = {};
  const comment = draft.comment.trim();
  if (comment.length < REWORK_COMMENT.min) errors.comment = t.reworks.errors.commentShort(REWORK_COMMENT.min);
  else if (comment.length > REWORK_COMMENT.max)
    errors.comment = t.reworks.errors.commentLong(REWORK_COMMENT.max);
  if (!draft.deadline) errors.deadline = t.reworks.errors.deadlineRequired;
  else if (!dateMin(draft.deadline, bounds.min)) errors.deadline = t.reworks.errors.deadlineMin;
  else if (!dateMax(draft.deadline, bounds.max))
    errors.deadline = t.reworks.errors.deadlineMax(formatShortDay(bounds.max));
  return errors;
}
