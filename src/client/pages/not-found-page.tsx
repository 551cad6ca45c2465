import { Link } from 'react-router';
import { clientRoutes } from '../../domain/client-routes';
import { messages } from '../../domain/messages';
import { buttonStyles } from '../components/button-styles';
import { PageHeading } from '../components/page-heading';

/** What any path outside clientRoutes shows; the server answers it with status 404. */
export function NotFoundPage() {
  return (
    <>
      <title>{`${messages.notFound} · ${messages.appName}`}</title>
      <PageHeading>{messages.notFound}</PageHeading>
      <Link to={clientRoutes.availability} className={`${buttonStyles.primary} mt-6`}>
        {messages.backToAvailability}
      </Link>
    </>
  );
}
