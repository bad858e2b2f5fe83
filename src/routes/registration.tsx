import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '../features/auth/registration-page';
import { validated, optionalString } from '../lib/route-params';

export const Route = createFileRoute('/registration')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ redirect: optionalString(search.redirect) }),
  component: RegistrationPage,
});
