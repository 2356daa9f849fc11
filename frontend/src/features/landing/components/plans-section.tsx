import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import styles from './landing.module.css';
import { useOfferedPlans } from '../api/use-offered-plans';
import { PlanCard } from './plan-card';

export function PlansSection() {
  const plans = useOfferedPlans();
  return (
    <section id="pricing" className={`${styles.container} ${styles.section} ${styles.plans}`}>
      <div className={styles.sectionHead}>
        <h2 className={styles.plansTitle}>Simple, monthly pricing</h2>
        <p className={styles.sectionLead}>Start free. Upgrade when you post more. Paid plans can be canceled anytime.</p>
      </div>
      <div className={styles.grid}>
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} highlighted={plan.id === 'basic'} />
        ))}
      </div>
      <p className={styles.signInPrompt}>
        Already have an account?{' '}
        <Link to={paths.auth.getHref()} className={`${styles.link} ${styles.signInLink}`}>
          Sign in
        </Link>
      </p>
    </section>
  );
}
