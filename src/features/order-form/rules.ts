// The client-side rules of the order form (spec point 5: date minimum, date maximum, URL format; the rest mirrors
// the server's limits in contract/orders.ts). Pure functions; they return problem codes, the feature turns
// them into Russian text. The server checks everything again and its field messages win.
import { assign } from 'xstate';
import type { orderFormMachine } from '../../../machines/order-form/order-form.machine';
import {
  FORM_FIELDS,
  type FieldProblem,
  type FieldProblems,
  type FormField,
  type FormValues,
} from '../../../machines/order-form/order-form.types';
import { ORDER_LIMITS, WORK_TYPES } from '../../../contract/orders';
import { isHttpUrl } from '../../lib/url';

export type { FieldProblem, FieldProblems };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The service counts calendar days in Moscow time (UTC+3, no daylight saving), like the server. */
const MSK_OFFSET_MS = 3 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' of the moment in Moscow. */
export function mskDay(at: Date): string {
  return new Date(at.getTime() + MSK_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function isDateString(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Spec 5, date minimum: empty passes; the date must be on or after the minimum (inclusive). */
export function passesDateMin(value: string, min: string): boolean {
  return value === '' || value >= min;
}

/** Spec 5, date maximum: the date must be before the maximum (exclusive); empty passes. */
export function passesDateMax(value: string, max: string): boolean {
  return value === '' || value < max;
}

/** The deadline's bounds: from tomorrow (inclusive) to today + 365 days (exclusive), Moscow days. */
export function deadlineBounds(now: Date): { min: string; max: string } {
  const today = mskDay(now);
  return { min: addDays(today, 1), max: addDays(today, ORDER_LIMITS.deadlineMaxDays) };
}

function wholeNumber(value: string): number | null {
  const text = value.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export function deadlineProblem(value: string, now: Date): FieldProblem | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (!isDateString(v)) return 'date';
  const { min, max } = deadlineBounds(now);
  if (!passesDateMin(v, min)) return 'dateMin';
  if (!passesDateMax(v, max)) return 'dateMax';
  return undefined;
}

function rangeProblem(value: string, min: number, max: number): FieldProblem | undefined {
  if (!value.trim()) return undefined;
  const n = wholeNumber(value);
  if (n === null) return 'integer';
  return n < min || n > max ? 'range' : undefined;
}

/** Every problem of the form, by field; an empty object means the form may be sent. */
export function validateForm(values: FormValues, now: Date): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of ['work_type', 'topic', 'deadline', 'pages'] as const) {
    if (!values[field].trim()) problems[field] = 'required';
  }
  if (values.work_type && !(WORK_TYPES as readonly string[]).includes(values.work_type))
    problems.work_type = 'required';
  problems.deadline ??= deadlineProblem(values.deadline, now);
  problems.pages ??= rangeProblem(values.pages, ORDER_LIMITS.pagesMin, ORDER_LIMITS.pagesMax);
  const originality = rangeProblem(
    values.originality,
    ORDER_LIMITS.originalityMin,
    ORDER_LIMITS.originalityMax,
  );
  if (originality) problems.originality = originality;
  if (values.link.trim() && !isHttpUrl(values.link)) problems.link = 'url';
  for (const key of Object.keys(problems) as FormField[]) if (!problems[key]) delete problems[key];
  return problems;
}

/** Enough is typed to ask for a price: a work type, a page count and a deadline that pass their rules. */
export function canPrice(values: FormValues, now: Date): boolean {
  const problems = validateForm(values, now);
  return (
    Boolean(values.work_type && values.pages.trim() && values.deadline.trim()) &&
    !problems.work_type &&
    !problems.pages &&
    !problems.deadline &&
    !problems.originality
  );
}

/** Anything typed at all (a restored draft worth mentioning). */
export function hasContent(values: FormValues): boolean {
  return FORM_FIELDS.some((f) => values[f].trim() !== '');
}

/** The whole-number value of a numeric field, or undefined when it is empty or not a whole number. */
export function numberOf(value: string): number | undefined {
  return wholeNumber(value) ?? undefined;
}

/** The order-form machine with these rules as its guards and its problems action (they read the clock). */
export function withRules(machine: typeof orderFormMachine) {
  return machine.provide({
    guards: {
      isValid: ({ context }) => Object.keys(validateForm(context.values, new Date())).length === 0,
      canPrice: ({ context }) => canPrice(context.values, new Date()),
    },
    actions: {
      assignProblems: assign(({ context }) => ({ problems: validateForm(context.values, new Date()) })),
    },
  });
}
