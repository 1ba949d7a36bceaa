import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorText, Notice } from '../../components/status.tsx';
import switchStyles from '../../components/switch-button.module.css';
import { ApiError, redirectTarget } from '../../lib/api.ts';
import {
  ALERTS_MESSAGES,
  AlertsError,
  canShowAlerts,
  readAlertsState,
  turnAlertsOff,
  turnAlertsOn,
} from '../../lib/push-alerts.ts';
import styles from './alerts.module.css';

type Outcome = { error: string } | { notice: string } | null;

/**
 * "Alerts on this phone": a push notification for each buyer given to this person (and, for
 * managers, each reassignment alert) on this device. It shows on only while the browser holds a
 * subscription and the server still sends to it; every refusal along the way is said in words.
 */
export function AlertsSwitch() {
  const navigate = useNavigate();
  const [supported] = useState(canShowAlerts);
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(
    supported ? null : { error: ALERTS_MESSAGES.unsupported },
  );

  useEffect(() => {
    if (!supported) return;
    let current = true;
    void readAlertsState().then((state) => {
      if (!current) return;
      setOn(state === 'on');
      if (state === 'ended') setOutcome({ notice: ALERTS_MESSAGES.ended });
    });
    return () => {
      current = false;
    };
  }, [supported]);

  async function toggle() {
    setBusy(true);
    setOutcome(on ? null : { notice: ALERTS_MESSAGES.working });
    try {
      if (on) {
        await turnAlertsOff();
        setOn(false);
        setOutcome({ notice: ALERTS_MESSAGES.off });
      } else {
        await turnAlertsOn();
        setOn(true);
        setOutcome({ notice: ALERTS_MESSAGES.on });
      }
    } catch (error) {
      const target = redirectTarget(error);
      if (target) return void navigate(target);
      if (error instanceof AlertsError || error instanceof ApiError) {
        setOutcome({ error: error.message });
      } else {
        throw error;
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.alerts}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-disabled={!supported || busy}
        className={switchStyles.switch}
        onClick={() => {
          if (supported && !busy) void toggle();
        }}
      >
        <span className={switchStyles.track} aria-hidden="true" />
        Alerts on this phone
      </button>
      {outcome && 'error' in outcome ? (
        <ErrorText>{outcome.error}</ErrorText>
      ) : (
        <Notice>{outcome?.notice}</Notice>
      )}
    </div>
  );
}
