// The one module of the SPA that imports the contract's zod/mini schemas as values. It is only ever loaded with
// import() (validators.ts; eslint refuses a static import of it), so zod (~9 KB gzip) stays out of every first visit:
// the forms load it on their first focus and wait for it on submit.
import * as z from 'zod/mini';
import {
  LoginRequest,
  RegistrationRequest,
  RestoreRequest,
  SetPasswordRequest,
  VerifyCodeRequest,
} from '../../contract/auth.api';
import { RefundClaimRequest, StornoRequest } from '../../contract/payments.api';
import { CallbackRequestBody, EmailChangeRequestBody } from '../../contract/profile.api';
import { SocialEmailRequest } from '../../contract/socials.api';
import { ConfirmTwoFactorRequest, EnableTwoFactorRequest } from '../../contract/two-factor.api';
import { CloseAccountRequest, ReopenAccountRequest } from '../../contract/account.api';

/** The request schemas the forms check before sending, by name. */
export const schemas = {
  LoginRequest,
  VerifyCodeRequest,
  RegistrationRequest,
  RestoreRequest,
  SetPasswordRequest,
  SocialEmailRequest,
  CallbackRequestBody,
  EmailChangeRequestBody,
  StornoRequest,
  RefundClaimRequest,
  EnableTwoFactorRequest,
  ConfirmTwoFactorRequest,
  CloseAccountRequest,
  ReopenAccountRequest,
};

/**
 * The contract's messages for a request, per field path (`email`, `recipient.fio`): the first message of each
 * field (the schema's own Russian text), {} when the server would take it.
 */
export function fieldProblems(name: keyof typeof schemas, request: unknown): Record<string, string[]> {
  const result = z.safeParse(schemas[name] as z.ZodMiniType, request);
  if (result.success) return {};
  const problems: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    problems[path] ??= [issue.message];
  }
  return problems;
}
