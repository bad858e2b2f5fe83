import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../features/auth/change-password-page';

/** /change-password/{id}/ from the restore e-mail; the page asks the server whether the link still works. */
export const Route = createFileRoute('/change-password/$id')({
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { id } = Route.useParams();
  return <ChangePasswordPage id={id} />;
}
