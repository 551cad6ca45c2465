import { Link, useNavigate } from 'react-router';
import {
  COMMITTEE_FREE_HOURS,
  HOME_CLASS,
  MAX_HOURS_HOME_CLASS,
  MAX_HOURS_OTHER_CLASS,
  MAX_HOURS_PER_DAY,
  RATE_PER_HOUR_RUPIAH,
} from '../../domain/limits';
import { messages } from '../../domain/messages';
import { formatRupiah } from '../../domain/money';
import { buttonStyles } from '../components/button-styles';
import { agreeToRules } from '../features/booking/agreement';

// The numbers come from the constants the server enforces, so the page cannot drift from the rules.
const RULES = [
  messages.ruleFreeAllowance(HOME_CLASS, MAX_HOURS_PER_DAY, MAX_HOURS_HOME_CLASS),
  messages.ruleFine(formatRupiah(RATE_PER_HOUR_RUPIAH)),
  messages.ruleOtherClasses(formatRupiah(RATE_PER_HOUR_RUPIAH), MAX_HOURS_OTHER_CLASS),
  messages.ruleCommittee(COMMITTEE_FREE_HOURS),
  messages.ruleShortUse,
  messages.ruleClassFunds,
];

export function RulesPage() {
  const navigate = useNavigate();
  const agree = () => {
    agreeToRules();
    navigate('/form');
  };

  return (
    <>
      <title>{`${messages.rulesTitle} · ${messages.appName}`}</title>
      <h1 className="text-2xl font-bold">{messages.rulesTitle}</h1>
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
