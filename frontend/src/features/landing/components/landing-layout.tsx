import type { ReactNode } from 'react';
import { LuCalendarCheck } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { FOOTER_LINKS, paths } from '@/config/paths';
import { PRODUCT_NAME } from '@/config/product';
import styles from './landing.module.css';
import { ThemeToggle } from './theme-toggle';

function LandingHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.container}>
        <div className={styles.headerBar}>
          <Link to={paths.landing.getHref()} aria-label={`${PRODUCT_NAME} home`} className={styles.logoLink}>
            <span className={styles.logo}>
              <span className={styles.logoMark} aria-hidden>
                <LuCalendarCheck />
              </span>
              <span className={styles.logoName}>{PRODUCT_NAME}</span>
            </span>
          </Link>
          <div className={styles.headerActions}>
            <ThemeToggle />
            <Link to={paths.auth.getHref()} className={`${styles.button} ${styles.sm} ${styles.solid}`}>
              Sign In
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}

function LandingFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`${styles.container} ${styles.footerBar}`}>
        <p className={styles.copyright}>© {new Date().getFullYear()} Schedule &amp; Autopost. All rights reserved.</p>
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={`${styles.link} ${styles.footerLink}`}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/**
 * The landing's header, content and footer. It matches components/layouts/public-layout.tsx (the
 * static pages) but is plain React and CSS: the landing loads without Chakra to stay within its
 * JavaScript budget.
 */
export function LandingLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <LandingHeader />
      <main className={styles.main}>{children}</main>
      <LandingFooter />
    </div>
  );
}
