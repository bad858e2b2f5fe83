import type { FieldErrors } from '../../contract/http';
import type { ApiErrorInfo } from '../shared/error-info';

// ---- Data ------------------------------------------------------------------------------------------------------
/** The fields of the order form, as typed (strings); the IO layer converts them for the API. */
export const FORM_FIELDS = [
  'work_type',
  'subject',
  'topic',
  'deadline',
  'pages',
  'originality',
  'requirements',
  'link',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Record<FormField, string>;

/** The fields the price depends on: a change re-calculates the cost. */
export const PRICING_FIELDS: readonly FormField[] = ['work_type', 'pages', 'deadline', 'originality'];

/** new: /order-new (the latest draft or a fresh one); continue: /order-continue[/id]; edit: /order/{id}/edit. */
export type FormMode = 'new' | 'continue' | 'edit';

/** Why a field fails the client rules (the feature words it; the server checks everything again). */
export type FieldProblem = 'required' | 'date' | 'dateMin' | 'dateMax' | 'integer' | 'range' | 'url';
export type FieldProblems = Partial<Record<FormField, FieldProblem>>;

/** A file uploaded for the form (the API's UploadedFile). */
export interface UploadedFile {
  id: number;
  name: string;
  size: number;
  mime: string;
}

/** What loadForm gives: a draft (new, continue) or an order (edit), as form values. */
export interface LoadedForm {
  draftId: number | null;
  orderId: number | null;
  values: FormValues;
  /** Files already attached (draft files; in edit mode the order's own files are shown apart). */
  files: UploadedFile[];
  /** A draft with something typed in it (the page offers 'Начать заново'). */
  restored: boolean;
  /** Edit mode: may the order still be edited (the server has the last word). */
  isEditable: boolean;
  filesWithoutQc: boolean;
  /** Edit mode: the promo code the order's price was computed with ('' for none; a draft keeps none). */
  promoCode: string;
}

/** The live price: calculate-cost/ then calculate-discount/. cost null: the manager prices the work. */
export interface PriceQuote {
  cost: number | null;
  discount: number;
  bonusUsed: number;
  total: number | null;
  promoValid: boolean;
  /** The promo code's title, or why it was refused. */
  promoDetail: string | null;
}

export interface SubmitResult {
  orderId: number;
  isFirstOrder: boolean;
}

// ---- Actor inputs ----------------------------------------------------------------------------------------------
export interface LoadFormInput {
  mode: FormMode;
  id: number | null;
}
export interface SaveDraftInput {
  draftId: number;
  values: FormValues;
}
export interface DeleteFileInput {
  /** The draft the file belongs to; null for an order being edited (the file is still only an upload). */
  draftId: number | null;
  fileId: number;
}
export interface ResetDraftInput {
  draftId: number;
  files: UploadedFile[];
}
export interface PriceInput {
  values: FormValues;
  promoCode: string;
  useBonus: boolean;
}
export interface SubmitInput {
  mode: FormMode;
  draftId: number | null;
  orderId: number | null;
  values: FormValues;
  /** The loaded values: edit mode sends only what changed. */
  initial: FormValues;
  files: UploadedFile[];
  /**
   * Sent with a new order, and with an edit when it differs from the loaded one ('' removes it): the server applies
   * (or refuses) it; the price itself is always the server's.
   */
  promoCode: string;
  /** The order's stored promo code as loaded (edit mode; '' otherwise). */
  initialPromoCode: string;
}

// ---- Context ---------------------------------------------------------------------------------------------------
export interface OrderFormInput {
  mode: FormMode;
  /** Draft id (continue) or order id (edit); null: the latest draft. */
  id?: number | null;
}

export interface OrderFormContext {
  mode: FormMode;
  id: number | null;
  draftId: number | null;
  orderId: number | null;
  initial: FormValues;
  values: FormValues;
  files: UploadedFile[];
  /** The files 'Начать заново' removes from the server. */
  discardedFiles: UploadedFile[];
  restored: boolean;
  isEditable: boolean;
  filesWithoutQc: boolean;
  promoCode: string;
  /** The promo code as loaded: edit mode sends the code only when it differs. */
  initialPromoCode: string;
  useBonus: boolean;
  quote: PriceQuote | null;
  quoteError: string | null;
  /** The client checks that failed at the last submit, by field (codes; the feature words them). */
  problems: FieldProblems;
  /** The server's field errors, by field name. */
  fieldErrors: FieldErrors;
  /** Loading or submitting failed (not field errors). */
  error: ApiErrorInfo | null;
  /** Typed since the last draft save started. */
  draftDirty: boolean;
  draftError: ApiErrorInfo | null;
  result: SubmitResult | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type OrderFormEvent =
  | { type: 'form.change'; field: FormField; value: string }
  | { type: 'form.promo'; code: string }
  | { type: 'form.bonus'; use: boolean }
  | { type: 'form.fileAdded'; file: UploadedFile }
  | { type: 'form.fileRemoved'; id: number }
  | { type: 'form.submit' }
  /** Load again (loadFailed) or send again (failed). */
  | { type: 'form.retry' }
  /** The page is hidden or left: save the draft now. */
  | { type: 'draft.flush' }
  /** 'Начать заново': empty the draft and remove its files. */
  | { type: 'draft.reset' }
  // Raised inside the machine by form.change / form.promo / form.bonus: one region reacts to each.
  | { type: 'draft.changed' }
  | { type: 'price.changed' };
