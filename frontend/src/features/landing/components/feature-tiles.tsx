import type { IconType } from 'react-icons';
import { LuCalendarClock, LuChartColumn, LuZap } from 'react-icons/lu';
import styles from './landing.module.css';

const FEATURES: { title: string; text: string; icon: IconType }[] = [
  {
    title: 'Smart Scheduling',
    text: 'Pick a date and time in your own timezone and see every post of the month on one calendar.',
    icon: LuCalendarClock,
  },
  {
    title: 'Instant Publishing',
    text: 'Posts go out on the minute to Instagram, Facebook, X, TikTok and YouTube, with a caption for each.',
    icon: LuZap,
  },
  {
    title: 'Analytics',
    text: 'Know what went out, what is queued and what failed, with a clear reason when something needs you.',
    icon: LuChartColumn,
  },
];

export function FeatureTiles() {
  return (
    <section className={styles.features}>
      <div className={`${styles.container} ${styles.section}`}>
        <div className={styles.sectionHead}>
          <h2 className={styles.featuresTitle}>Everything you need to post consistently</h2>
          <p className={styles.sectionLead}>One place to plan, publish and follow up on every post.</p>
        </div>
        <div className={styles.grid}>
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <div key={title} className={styles.tile}>
              <div className={styles.tileIcon} aria-hidden>
                <Icon />
              </div>
              <h3 className={styles.tileTitle}>{title}</h3>
              <p className={styles.tileText}>{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
