/** The profile's opt-in to Wishlist alerts: one checkbox, saved as it changes. */
import { useEffect, useState } from 'react';
import { alertRoutes } from '../../lib/alerts/routes.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

export default function AlertsToggle() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(alertRoutes.settings).then((settings) => setOn(settings.wishlistAlerts)).catch((error: unknown) => console.error('Could not load alert settings', error));
  }, []);

  const change = async (wishlistAlerts: boolean) => {
    setBusy(true);
    try {
      const saved = await call(alertRoutes.save, { body: { wishlistAlerts } });
      setOn(saved.wishlistAlerts);
      showToast(saved.message);
    } catch (error) {
      showToast(errorText(error, 'Could not save your choice. Please try again.'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="alerts-heading">
      <h2 id="alerts-heading">Wishlist alerts</h2>
      <label className="profile-check">
        <input type="checkbox" checked={on ?? false} disabled={on === null || busy} onChange={(event) => void change(event.currentTarget.checked)} />
        E-mail me when a Wishlist title becomes watchable here
      </label>
      <p>
        Once per title: when it is published with a stream link, or gets one, or arrives on one of your services in your region (not when you
        add the service yourself). Each e-mail has an unsubscribe link that works without signing in.
      </p>
    </section>
  );
}
