import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LuX } from 'react-icons/lu';
import { formatPrice, type Plan } from '@shared/plans';
import { useStartPublicCheckout } from '../api/start-public-checkout';
import { emailProblem } from '../lib/validate-email';
import styles from './landing.module.css';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/**
 * "Complete Your Subscription" (docs/product-rules.md#landing, #other-forms): a visitor buys a paid plan with an e-mail and
 * an optional name, then pays on the hosted page; the account is created after payment. A CSS modal
 * rather than Chakra's Dialog, which the landing does not load.
 */
export function CheckoutDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const titleId = useId();
  const emailId = useId();
  const nameId = useId();
  const errorId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const checkout = useStartPublicCheckout();
  const error = problem ?? checkout.error;

  useEffect(() => {
    emailRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  function close() {
    if (!checkout.isPending) onClose();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    // Keep Tab inside the modal, as aria-modal promises.
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = emailProblem(email);
    setProblem(invalid);
    if (invalid || !plan.productId) return;
    const trimmedEmail = email.trim();
    await checkout.start({ productId: plan.productId, email: trimmedEmail, name: name.trim() || trimmedEmail });
  }

  return (
    <div className={styles.dialogBackdrop} onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={styles.dialog}
        onKeyDown={onKeyDown}
        data-testid="checkout-dialog"
      >
        <div className={styles.dialogHeader}>
          <h2 id={titleId} className={styles.dialogTitle}>
            Complete Your Subscription
          </h2>
          <button
            type="button"
            className={`${styles.button} ${styles.sm} ${styles.ghost} ${styles.iconButton}`}
            aria-label="Close"
            onClick={close}
            disabled={checkout.isPending}
          >
            <LuX />
          </button>
        </div>
        <p className={styles.dialogLead}>
          {plan.name} plan · {formatPrice(plan.price)}/month. You will create your password after payment.
        </p>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className={styles.dialogForm}>
          <div className={styles.field}>
            <label htmlFor={emailId} className={styles.label}>
              Email <span aria-hidden>*</span>
            </label>
            <input
              ref={emailRef}
              id={emailId}
              type="email"
              name="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              className={styles.input}
              value={email}
              // A refused e-mail marks the field and points at the message that says why.
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setProblem(null);
              }}
              disabled={checkout.isPending}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={nameId} className={styles.label}>
              Name <span className={styles.optional}>(optional)</span>
            </label>
            <input
              id={nameId}
              type="text"
              name="name"
              autoComplete="name"
              placeholder="Defaults to your email"
              className={styles.input}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={checkout.isPending}
            />
          </div>
          {error ? (
            <div role="alert" id={errorId} className={styles.alert}>
              <p className={styles.alertTitle}>Error</p>
              <p>{error}</p>
            </div>
          ) : null}
          <button type="submit" className={`${styles.button} ${styles.md} ${styles.block} ${styles.solid}`} disabled={!email.trim() || checkout.isPending}>
            {checkout.isPending ? 'Processing...' : 'Proceed to Payment'}
          </button>
        </form>
      </div>
    </div>
  );
}
