import { useEffect, useRef } from 'react';

/** Typing in a field must never trigger single-key shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

export interface Shortcut {
  key: string;
  /** Ctrl on Windows/Linux, Cmd on macOS. */
  mod?: boolean;
  handler: (event: KeyboardEvent) => void;
}

/** Registers window-level shortcuts; plain-key shortcuts are ignored while the user types. */
export function useKeyboardShortcuts(shortcuts: Shortcut[]): void {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      const mod = event.ctrlKey || event.metaKey;
      for (const shortcut of latest.current) {
        if (event.key.toLowerCase() !== shortcut.key) continue;
        if (shortcut.mod) {
          if (!mod) continue;
        } else if (mod || event.altKey || isTypingTarget(event.target)) {
          continue;
        }
        event.preventDefault();
        shortcut.handler(event);
        return;
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
