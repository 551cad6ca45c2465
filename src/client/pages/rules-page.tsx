import { Link, useSearch } from 'wouter';
import { rulesPageItems } from '../../domain/booking/booking-rules-page';
import { clientRoutes } from '../../domain/booking/client-routes';
import { messages } from '../../domain/text/messages';
import { buttonStyles } from '../components/button-styles';
import { DocumentHead } from '../components/document-head';
import { PageHeading } from '../components/page-heading';
import { agreeToRules } from '../features/booking/agreement';
import { useNavigate, withSearch } from '../lib/navigation';

const RULES = rulesPageItems();

export function RulesPage() {
  const navigate = useNavigate();
  // A query brought from /form (times picked on the timeline) goes back with the student.
  const search = useSearch();
  const agree = () => {
    agreeToRules();
    // In place of the rules: Back from the form goes where the student came from, not to rules already agreed.
    navigate(withSearch(clientRoutes.form, search), { replace: true });
  };

  return (
    <>
      <DocumentHead page={messages.rulesTitle} />
      <PageHeading>{messages.rulesTitle}</PageHeading>
      <ol className="mt-6 list-decimal space-y-3 rounded-lg bg-white p-5 pl-10 leading-relaxed shadow-sm">
        {RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonStyles.secondary}>
          {messages.navAvailability}
        </Link>
        <button type="button" className={buttonStyles.primary} onClick={agree}>
          {messages.agree}
        </button>
      </div>
    </>
  );
}
