import { FaFacebook, FaInstagram, FaTiktok, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { LuArrowRight, LuSparkles } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import styles from './landing.module.css';

const NETWORKS = [
  { label: 'Instagram', icon: FaInstagram },
  { label: 'Facebook', icon: FaFacebook },
  { label: 'X', icon: FaXTwitter },
  { label: 'TikTok', icon: FaTiktok },
  { label: 'YouTube', icon: FaYoutube },
] as const;

export function Hero() {
  return (
    <section className={styles.hero}>
      <div className={`${styles.container} ${styles.heroContainer}`}>
        <div className={styles.heroStack}>
          <span className={`${styles.badge} ${styles.badgeLarge} ${styles.badgeSurface}`}>
            <LuSparkles /> Plan once. Post everywhere.
          </span>
          <h1 className={styles.heroTitle}>
            Schedule your social posts. <span className={styles.gradientText}>We publish them on time.</span>
          </h1>
          <p className={styles.heroLead}>
            Write once with a caption per network, attach images or video, pick a time in your own timezone and let Schedule &amp; Autopost do the posting — for
            you or for every client you manage.
          </p>
          <div className={styles.heroActions}>
            <Link to={paths.auth.getHref({ mode: 'signup' })} className={`${styles.button} ${styles.lg} ${styles.solid}`}>
              Get started free <LuArrowRight />
            </Link>
            <a href="#pricing" className={`${styles.button} ${styles.lg} ${styles.outline}`}>
              See pricing
            </a>
          </div>
          <div className={styles.networks} aria-label="Supported networks">
            {NETWORKS.map(({ label, icon: Icon }) => (
              <div key={label} title={label} aria-label={label} role="img">
                <Icon />
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
