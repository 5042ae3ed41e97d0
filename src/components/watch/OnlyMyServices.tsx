/**
 * The listings' "Only on my services" filter: ticking it puts the viewer's services (and their region, when it is
 * not the site's default) in the page URL, `?on=8,337&region=GB`, so that the link shows the same titles to
 * anyone. "My services" beside it picks them (ServicesPicker.tsx). A link shared by someone else shows their
 * services, ticked, until unticked.
 */
import { useEffect, useState } from 'react';
import { usePreHydrationChanges } from '../../lib/islands/client/pre-hydration.ts';
import { servicesFilterOf, type ServicesFilter } from '../../lib/watch/client/services-filter.ts';
import { loadRegionList, loadWatchChoice, type WatchChoice } from '../../lib/watch/client/watch-choice.ts';
import ServicesPicker from './ServicesPicker.tsx';

/** The checkbox's name: ticked before the island hydrated, it is read back (pre-hydration.ts) and acted on then. */
const ONLY_MINE_CONTROL = 'only-mine';

interface Props {
  filter: ServicesFilter | null;
  onChange: (filter: ServicesFilter | null) => void;
}

/** The filter of the viewer's own services, or null when they have none yet. */
export async function myServicesFilter(choice?: WatchChoice): Promise<ServicesFilter | null> {
  const [{ defaultRegion }, mine] = await Promise.all([loadRegionList(), choice ?? loadWatchChoice()]);
  return servicesFilterOf(mine.services, mine.region, defaultRegion);
}

export default function OnlyMyServices({ filter, onChange }: Props) {
  const { id, changed } = usePreHydrationChanges();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  /** The viewer's services into the URL; with none yet, the picker opens instead and the box stays unticked. */
  const turnOn = () => myServicesFilter().then((mine) => {
    if (mine) {
      onChange(mine);
      setHint(null);
    } else {
      setPickerOpen(true);
      setHint('Pick the services you pay for, then save them.');
    }
  }).catch((error) => console.error('Could not load your services', error));

  useEffect(() => {
    if (changed.get(ONLY_MINE_CONTROL) === 'on') void turnOn();
    // Read once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const saved = (choice: WatchChoice) => {
    setPickerOpen(false);
    setHint(null);
    void myServicesFilter(choice).then((mine) => { if (filter || mine) onChange(mine); });
  };

  return (
    <div className="only-mine" id={id}>
      <label>
        <input type="checkbox" name={ONLY_MINE_CONTROL} checked={filter !== null}
          onChange={(event) => (event.target.checked ? void turnOn() : onChange(null))} />
        Only on my services
      </label>
      <details open={pickerOpen} onToggle={(event) => setPickerOpen((event.target as HTMLDetailsElement).open)}>
        <summary>My services…</summary>
        {pickerOpen && <ServicesPicker onSaved={saved} />}
      </details>
      {hint && <p className="only-mine-hint" role="status">{hint}</p>}
    </div>
  );
}
