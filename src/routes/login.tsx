import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { validated, optionalString } from '../lib/route-params';

/** Route name Enter. `redirect` is checked by the guard before it is followed (rule 4). */
export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>) =>
    validated({ redirect: optionalString(search.redirect), msg: optionalString(search.msg) }),
  component: LoginPage,
});
