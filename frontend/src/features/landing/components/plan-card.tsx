import { LuCheck } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { formatPrice, type Plan } from '@shared/plans';
import { paths } from '@/config/paths';
import styles from './landing.module.css';

const BUTTON = `${styles.button} ${styles.md} ${styles.block}`;

/** Free goes to sign-in; a paid plan opens the checkout dialog; coming soon is disabled (docs/product-rules.md#landing). */
function PlanAction({ plan, onChoose }: { plan: Plan; onChoose: (plan: Plan) => void }) {
  if (plan.comingSoon) {
    return (
      <button type="button" className={`${BUTTON} ${styles.subtle}`} disabled>
        Coming Soon
      </button>
    );
  }
  if (plan.isFree) {
    return (
      <Link to={paths.auth.getHref()} className={`${BUTTON} ${styles.outline}`}>
        Get Started
      </Link>
    );
  }
  return (
    <button type="button" className={`${BUTTON} ${styles.solid}`} onClick={() => onChoose(plan)}>
      Get {plan.name}
    </button>
  );
}

export function PlanCard({ plan, highlighted = false, onChoose }: { plan: Plan; highlighted?: boolean; onChoose: (plan: Plan) => void }) {
  const className = [styles.card, highlighted && styles.highlighted, plan.comingSoon && styles.comingSoon].filter(Boolean).join(' ');
  return (
    <div data-testid={`plan-${plan.id}`} className={className}>
      <div className={styles.cardHeader}>
        <div className={styles.cardTitleRow}>
          <h3 className={styles.cardTitle}>{plan.name}</h3>
          {highlighted ? <span className={`${styles.badge} ${styles.badgeSolid}`}>Most popular</span> : null}
          {plan.comingSoon ? <span className={`${styles.badge} ${styles.badgeOutline}`}>Coming soon</span> : null}
        </div>
        <p className={styles.cardDescription}>{plan.description}</p>
        <div className={styles.price}>
          <p className={styles.priceAmount}>{formatPrice(plan.price)}</p>
          <p className={styles.priceUnit}>/month</p>
        </div>
      </div>
      <div className={styles.cardBody}>
        <ul className={styles.featureList}>
          {plan.features.map((feature) => (
            <li key={feature} className={styles.featureItem}>
              <span className={styles.check}>
                <LuCheck />
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.cardFooter}>
        <PlanAction plan={plan} onChoose={onChoose} />
      </div>
    </div>
  );
}
