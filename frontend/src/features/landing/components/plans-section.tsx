import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Plan } from '@shared/plans';
import { paths } from '@/config/paths';
import styles from './landing.module.css';
import { useOfferedPlans } from '../api/use-offered-plans';
import { CheckoutDialog } from './checkout-dialog';
import { PlanCard } from './plan-card';

export function PlansSection() {
  const plans = useOfferedPlans();
  const [buying, setBuying] = useState<Plan | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  function choose(plan: Plan) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBuying(plan);
  }

  function closeDialog() {
    setBuying(null);
    opener.current?.focus();
  }
  return (
    <section id="pricing" className={`${styles.container} ${styles.section} ${styles.plans}`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.plansTitle}>Simple, monthly pricing</h2>
        <p className={styles.sectionLead}>Start free. Upgrade when you post more. Paid plans can be canceled anytime.</p>
      </div>
      <div className={styles.grid}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} highlighted={plan.id === 'basic'} onChoose={choose} />
        ))}
      </div>
      <p className={styles.signInPrompt}>
        Already have an account?{' '}
        <Link to={paths.auth.getHref()} className={`${styles.link} ${styles.signInLink}`}>
          Sign in
        </Link>
      </p>
      {buying ? <CheckoutDialog plan={buying} onClose={closeDialog} /> : null}
    </section>
  );
}
