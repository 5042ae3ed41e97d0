/**
 * My region and services: a region among those with providers, and the services I pay for among that region's
 * streaming providers. Saved with the profile when signed in, else in this browser (watch-choice.ts). Used on the
 * profile page and in the listings' "Only on my services" filter.
 */
import { useEffect, useState } from 'react';
import { call, errorText } from '../../lib/http/api-client.ts';
import { imageUrl } from '../../lib/catalog/client/images.ts';
import type { WatchProvider } from '../../lib/watch/client/offers.ts';
import { loadRegionList, loadWatchChoice, saveWatchChoice, type WatchChoice } from '../../lib/watch/client/watch-choice.ts';
import type { RegionList } from '../../lib/watch/contract.ts';
import { watchRoutes } from '../../lib/watch/routes.ts';
import './services-picker.css';

interface Props {
  /** Called with the choice once saved. */
  onSaved?: (choice: WatchChoice) => void;
}

export default function ServicesPicker({ onSaved }: Props) {
  const [regions, setRegions] = useState<RegionList['regions']>([]);
  const [region, setRegion] = useState<string | null>(null);
  const [services, setServices] = useState<WatchProvider[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([loadRegionList(), loadWatchChoice()]).then(([list, choice]) => {
      setRegions(list.regions);
      setRegion(choice.region);
      setChosen(new Set(choice.services));
    }).catch((error) => setStatus({ text: errorText(error, 'Could not load your services.'), error: true }));
  }, []);

  useEffect(() => {
    if (!region) return;
    setServices(null);
    call(watchRoutes.services, { query: { region } }).then((answer) => setServices(answer.services))
      .catch((error) => setStatus({ text: errorText(error, 'Could not load the services of that region.'), error: true }));
  }, [region]);

  const toggle = (id: number, on: boolean) => setChosen((current) => {
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!region || !services) return;
    setBusy(true);
    try {
      // Only the region's services can be ticked, so only those are kept.
      const choice = await saveWatchChoice({ region, services: services.filter((s) => chosen.has(s.id)).map((s) => s.id) });
      setChosen(new Set(choice.services));
      setStatus({ text: choice.signedIn ? 'Your region and services are saved.' : 'Your region and services are kept in this browser.' });
      onSaved?.(choice);
    } catch (error) {
      setStatus({ text: errorText(error, 'Could not save your services.'), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="services-picker" onSubmit={save} aria-label="My region and services">
      <label className="services-region">
        <span>My region</span>
        <select value={region ?? ''} disabled={!region} onChange={(event) => { setRegion(event.target.value); setStatus(null); }}>
          {regions.map((r) => <option key={r.code} value={r.code}>{r.name}</option>)}
        </select>
      </label>
      <fieldset className="services-list" aria-busy={services === null}>
        <legend>My services</legend>
        {services?.length === 0 && <p className="services-none">No streaming service has titles there yet.</p>}
        <ul>
          {services?.map((service) => {
            const logo = imageUrl(service.logoPath, 'w92');
            return (
              <li key={service.id}>
                <label>
                  <input type="checkbox" checked={chosen.has(service.id)} onChange={(event) => toggle(service.id, event.target.checked)} />
                  {logo ? <img src={logo} alt="" width={28} height={28} loading="lazy" /> : <span className="services-logo" aria-hidden="true" />}
                  <span>{service.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <button className="btn btn-primary picker-actions" type="submit" disabled={busy || !services}>{busy ? 'Saving…' : 'Save my services'}</button>
      {status && <p className={status.error ? 'services-status error' : 'services-status'} role="status">{status.text}</p>}
    </form>
  );
}
