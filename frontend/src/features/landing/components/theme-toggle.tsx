import { useState } from 'react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { applyTheme, currentTheme } from '@/lib/theme';
import styles from './landing.module.css';

/** Light/dark without next-themes, which only the Chakra routes load. */
export function ThemeToggle() {
  const [theme, setTheme] = useState(currentTheme);
  function toggle() {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  }
  return (
    <button type="button" className={`${styles.button} ${styles.sm} ${styles.ghost} ${styles.iconButton}`} aria-label="Toggle theme" onClick={toggle}>
      {theme === 'dark' ? <LuSun /> : <LuMoon />}
    </button>
  );
}
