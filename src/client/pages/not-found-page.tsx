import { Link } from 'wouter';
import { clientRoutes } from '../../domain/booking/client-routes';
import { messages } from '../../domain/text/messages';
import { buttonStyles } from '../components/button-styles';
import { DocumentHead } from '../components/document-head';
import { PageHeading } from '../components/page-heading';

export function NotFoundPage() {
  return (
    <>
      <DocumentHead page={messages.notFound} />
      <PageHeading>{messages.notFound}</PageHeading>
      <Link to={clientRoutes.availability} className={`${buttonStyles.primary} mt-6`}>
        {messages.backToAvailability}
      </Link>
    </>
  );
}
